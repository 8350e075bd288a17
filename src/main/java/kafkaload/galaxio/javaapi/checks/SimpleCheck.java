package kafkaload.galaxio.javaapi.checks;

import io.gatling.javaapi.core.CheckBuilder;
import java.util.function.Function;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * galaxio's {@code simpleCheck(f)}: the reply, as a {@link KafkaProtocolMessage}, passes when
 * {@code f} returns true. Its {@link #type()} is {@link KafkaCheckType#Simple}; galaxio's {@code
 * RequestReplyBuilder.check(..)} runs it as this project's {@code kafkaload.KafkaDsl.simpleCheck}
 * on the reply, a failure being Gatling's "Kafka check failed" (this port's type; galaxio's is
 * anonymous).
 */
public final class SimpleCheck implements CheckBuilder {
  private final Function<KafkaProtocolMessage, Boolean> predicate;

  public SimpleCheck(Function<KafkaProtocolMessage, Boolean> predicate) {
    if (predicate == null) {
      throw new KafkaLoadConfigException("simpleCheck(f): the function is null");
    }
    this.predicate = predicate;
  }

  /** Whether the reply passes: true only when the function returns TRUE. */
  public boolean test(KafkaProtocolMessage reply) {
    return Boolean.TRUE.equals(predicate.apply(reply));
  }

  @Override
  public CheckType type() {
    return KafkaCheckType.Simple;
  }

  /** Run by galaxio's request-reply builder itself: Gatling's materializers do not apply. */
  @Override
  public io.gatling.core.check.CheckBuilder<?, ?> asScala() {
    throw new KafkaLoadConfigException(
        "simpleCheck(..) runs on a galaxio request-reply (kafka(name).requestReply()...check(..))"
            + " only");
  }
}
