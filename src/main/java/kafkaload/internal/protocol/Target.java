package kafkaload.internal.protocol;

import io.soabase.recordbuilder.core.RecordBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;

/** Where a protocol connects: bootstrap servers, or (null) the embedded broker(s). */
@RecordBuilder
public record Target(String bootstrapServers, int embeddedBrokers) implements TargetBuilder.With {
  /** No bootstrap: the in-JVM embedded broker. */
  public static final Target EMBEDDED = new Target(null, 0);

  /** N embedded brokers in child processes; refused below 1. */
  public Target withEmbeddedBrokers(int n) {
    KafkaLoadConfigException.refuseIf(n < 1, "embeddedBrokers(" + n + "): must be >= 1");
    return TargetBuilder.With.super.withEmbeddedBrokers(n);
  }

  /** With a bootstrap, the embedded broker count means nothing: 0. */
  public Target resolved() {
    return bootstrapServers == null ? this : TargetBuilder.With.super.withEmbeddedBrokers(0);
  }
}
