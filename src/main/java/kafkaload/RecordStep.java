package kafkaload;

import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Session;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.check.RecordChecks.RecordCondition;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A step that receives a record, a consume's or a request-reply's reply, and runs Gatling's checks
 * on it: how the record is decoded and the checks, the same for both.
 *
 * @param <B> the builder, of which each call returns a new one
 */
abstract class RecordStep<B> extends SpecStep {
  private final Function<DecodeSpec, B> withDecode;
  private final Function<RecordChecks, B> withChecks;

  /** {@code withDecode} and {@code withChecks} make the new builder from a decoding, a check. */
  RecordStep(
      Supplier<io.gatling.core.action.builder.ActionBuilder> scala,
      Function<DecodeSpec, B> withDecode,
      Function<RecordChecks, B> withChecks) {
    super(scala);
    this.withDecode = withDecode;
    this.withChecks = withChecks;
  }

  /**
   * Records in Confluent's wire format (Avro, Protobuf or JSON Schema) are decoded through the
   * protocol's Schema Registry to JSON before the match and the checks see them: {@code
   * jsonPath("$.status")} reads the decoded record, {@code schemaId()} and {@code schemaSubject()}
   * its writer schema.
   */
  public B decoded() {
    return withDecode.apply(DecodeSpec.REGISTRY);
  }

  /**
   * Records decoded by this Kafka Deserializer (by class name, with its configs), its result
   * written as JSON.
   */
  public B decodedWith(String deserializerClass, Map<String, ?> configs) {
    return withDecode.apply(new DecodeSpec(deserializerClass, Map.copyOf(configs)));
  }

  /**
   * Gatling's checks on the record received, as on an HTTP response: CoreDsl's {@code
   * bodyString()}, {@code bodyBytes()}, {@code bodyLength()}, {@code substring(..)}, {@code
   * regex(..)}, {@code jsonPath(..)}, {@code jmesPath(..)} read its value (decoded to JSON with
   * {@link #decoded()}); KafkaDsl's {@code key()}, {@code header(..)}, {@code onKey(..)}, {@code
   * onHeader(..)}, {@code schemaId()}, {@code schemaSubject()} and {@code simpleCheck(..)} the rest
   * of the record. With Gatling's whole chain ({@code find(n)}, {@code findAll()}, {@code count()},
   * {@code is}, {@code transform}, {@code optional()}, {@code saveAs} into the user's session ...);
   * a failing check is a KO with Gatling's message. A check type records do not have (css,
   * xpath...) is refused here.
   */
  public B check(CheckBuilder... checks) {
    return check(Arrays.asList(checks));
  }

  /** Gatling's checks on the record received, as {@link #check(CheckBuilder...)}. */
  public B check(List<CheckBuilder> checks) {
    return withChecks.apply(RecordChecks.of(checks));
  }

  /** Checks applied only when this Gatling EL condition holds: {@code checkIf("#{strict}")}. */
  public CheckIf<B> checkIf(String condition) {
    return checkIf(RecordCondition.el(condition));
  }

  /** Checks applied only when this function of the session holds. */
  public CheckIf<B> checkIf(Function<Session, Boolean> condition) {
    return checkIf(RecordCondition.of(condition));
  }

  /** Checks applied only when this function of the record and the session holds. */
  public CheckIf<B> checkIf(
      BiFunction<ConsumerRecord<byte[], byte[]>, Session, Boolean> condition) {
    return checkIf(RecordCondition.of(condition));
  }

  private CheckIf<B> checkIf(RecordCondition condition) {
    return new CheckIf<>(checks -> withChecks.apply(RecordChecks.of(checks, condition)));
  }
}
