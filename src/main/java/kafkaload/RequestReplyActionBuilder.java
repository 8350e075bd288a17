package kafkaload;

import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.MatchKind;
import kafkaload.internal.action.RequestReplySpec;
import kafkaload.internal.action.RequestReplySpec.Match;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.check.RecordChecks.RecordCondition;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * {@code kafka("order").send(key, value).replyOn("replies")}: sends the request and waits for its
 * reply. The reply is awaited before the request is sent, so a fast reply is never missed. It is
 * matched by key (default), by a header the request carries, by value, or by a function; the
 * timeout is the action's or the protocol's. The response time runs from the send to the reply.
 * Checks run on the reply; a failing or throwing check is a KO with its reason. Replies that come
 * after their timeout are counted as late.
 */
public final class RequestReplyActionBuilder implements ActionBuilder {
  private final RequestReplySpec spec;

  RequestReplyActionBuilder(RequestReplySpec spec) {
    this.spec = spec;
  }

  /**
   * Replies in Confluent's wire format (Avro, Protobuf or JSON Schema) are decoded through the
   * protocol's Schema Registry to JSON before the match function and the checks see them: {@code
   * jsonPath("$.status")} reads the decoded record, {@code schemaId()} and {@code schemaSubject()}
   * its writer schema.
   */
  public RequestReplyActionBuilder decoded() {
    return new RequestReplyActionBuilder(spec.withDecode(DecodeSpec.REGISTRY));
  }

  /**
   * Replies decoded by this Kafka Deserializer (by class name, with its configs), its result
   * written as JSON.
   */
  public RequestReplyActionBuilder decodedWith(String deserializerClass, Map<String, ?> configs) {
    return new RequestReplyActionBuilder(
        spec.withDecode(new DecodeSpec(deserializerClass, Map.copyOf(configs))));
  }

  /** The reply carries the request's key (the default). */
  public RequestReplyActionBuilder matchKey() {
    return new RequestReplyActionBuilder(spec.withMatch(new Match(MatchKind.KEY, null, null)));
  }

  /** The reply carries the request's value of this header, for example a correlation id. */
  public RequestReplyActionBuilder matchHeader(String name) {
    return new RequestReplyActionBuilder(spec.withMatch(new Match(MatchKind.HEADER, name, null)));
  }

  /** The reply's value equals the request's. */
  public RequestReplyActionBuilder matchValue() {
    return new RequestReplyActionBuilder(spec.withMatch(new Match(MatchKind.VALUE, null, null)));
  }

  /** The first reply, arriving after the request, that the function accepts. */
  public RequestReplyActionBuilder match(
      BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> requestAndReply) {
    return new RequestReplyActionBuilder(
        spec.withMatch(new Match(MatchKind.PREDICATE, null, requestAndReply)));
  }

  /**
   * isolation.level of the reply's reader, by Kafka's values: {@code "read_committed"} sees a reply
   * only once the service's transaction commits (the response time then includes that wait) and
   * never a reply of an aborted transaction; {@code "read_uncommitted"} sees every reply as it is
   * written. Unset: the protocol's ({@code kafka().isolationLevel(..)}, {@code -Disolation.level}).
   */
  public RequestReplyActionBuilder isolationLevel(String level) {
    return new RequestReplyActionBuilder(
        spec.withIsolationLevel(
            ConsumerFactory.isolationLevel(
                level, "'" + spec.request().requestName() + "' (request-reply)")));
  }

  /** This action's timeout; without it, the protocol's replyTimeout (default 10 s). */
  public RequestReplyActionBuilder timeout(Duration t) {
    return new RequestReplyActionBuilder(spec.withTimeout(t));
  }

  /**
   * Gatling's checks on the reply, as on an HTTP response: CoreDsl's {@code bodyString()}, {@code
   * bodyBytes()}, {@code bodyLength()}, {@code substring(..)}, {@code regex(..)}, {@code
   * jsonPath(..)}, {@code jmesPath(..)} read the reply's value (decoded to JSON with {@link
   * #decoded()}); KafkaDsl's {@code key()}, {@code header(..)}, {@code onKey(..)}, {@code
   * onHeader(..)}, {@code schemaId()}, {@code schemaSubject()} and {@code simpleCheck(..)} the rest
   * of the record. With Gatling's whole chain ({@code find(n)}, {@code findAll()}, {@code count()},
   * {@code is}, {@code transform}, {@code optional()}, {@code saveAs} ...); a failing check is a KO
   * with Gatling's message. A check type records do not have (css, xpath...) is refused here.
   */
  public RequestReplyActionBuilder check(CheckBuilder... checks) {
    return check(Arrays.asList(checks));
  }

  /** Gatling's checks on the reply, as {@link #check(CheckBuilder...)}. */
  public RequestReplyActionBuilder check(List<CheckBuilder> checks) {
    return new RequestReplyActionBuilder(spec.withChecks(RecordChecks.of(checks)));
  }

  /** Checks applied only when this Gatling EL condition holds: {@code checkIf("#{strict}")}. */
  public CheckIf<RequestReplyActionBuilder> checkIf(String condition) {
    return checkIf(RecordCondition.el(condition));
  }

  /** Checks applied only when this function of the session holds. */
  public CheckIf<RequestReplyActionBuilder> checkIf(Function<Session, Boolean> condition) {
    return checkIf(RecordCondition.of(condition));
  }

  /** Checks applied only when this function of the reply and the session holds. */
  public CheckIf<RequestReplyActionBuilder> checkIf(
      BiFunction<ConsumerRecord<byte[], byte[]>, Session, Boolean> condition) {
    return checkIf(RecordCondition.of(condition));
  }

  private CheckIf<RequestReplyActionBuilder> checkIf(RecordCondition condition) {
    return new CheckIf<>(
        checks ->
            new RequestReplyActionBuilder(spec.withChecks(RecordChecks.of(checks, condition))));
  }

  /** The Scala action builder Gatling runs; called by Gatling, not by simulations. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return Actions.requestReply(spec);
  }
}
