package kafkaload;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.javaapi.core.Session;
import java.util.Map;
import java.util.function.Function;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.RequestReplySpec;
import kafkaload.internal.action.SendSpec;
import kafkaload.internal.action.SendSpec.HeaderSpec;
import kafkaload.internal.payload.Bytes;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.semantic.txn.TransactionSpec;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * {@code kafka("name").send(key, value)}, refined by chained calls; every call returns a new
 * builder. Strings are Gatling EL ("#{attr}"), byte[] is sent as is, a Map or POJO is written as
 * JSON, and a function of the session is evaluated on every send.
 */
public final class KafkaSendActionBuilder extends SpecStep {
  /**
   * Appended to the request name of fire-and-forget sends, so no report can pass them off as ack
   * latency.
   */
  public static final String FIRE_AND_FORGET_SUFFIX = SendSpec.FIRE_AND_FORGET_SUFFIX;

  private final SendSpec spec;

  KafkaSendActionBuilder(SendSpec spec) {
    super(() -> Actions.send(spec));
    this.spec = spec;
  }

  /** What it sends, for the DSL's builders that pace it themselves (capacitySearch). */
  SendSpec spec() {
    return spec;
  }

  /** Sends to this topic (EL) instead of the protocol's default. */
  public KafkaSendActionBuilder topic(String topicEl) {
    return new KafkaSendActionBuilder(spec.withTopic(SessionValue.el(topicEl)));
  }

  /** Sends to the topic this function returns for the session, evaluated on every send. */
  public KafkaSendActionBuilder topic(Function<Session, String> f) {
    return new KafkaSendActionBuilder(spec.withTopic(SessionValue.of(f)));
  }

  /** The key: an EL string, byte[], or an object written as JSON. */
  public KafkaSendActionBuilder key(Object keyConstantOrEl) {
    return keyConstantOrEl instanceof SchemaValue sv
        ? key(sv)
        : new KafkaSendActionBuilder(spec.withKey(SendSpec.bytes(keyConstantOrEl)));
  }

  /**
   * A key written with a schema, e.g. {@code .key(avro("schemas/order-key.avsc", "{\"id\":
   * \"#{id}\"}"))}.
   */
  public KafkaSendActionBuilder key(SchemaValue key) {
    return new KafkaSendActionBuilder(spec.withKey(key.spec()));
  }

  /**
   * The key this function returns for the session, on every send; turned into bytes as a constant
   * key is.
   */
  public KafkaSendActionBuilder key(Function<Session, ?> f) {
    return new KafkaSendActionBuilder(spec.withKey(Bytes.function(f)));
  }

  /** Adds a header whose value is a constant or EL string. */
  public KafkaSendActionBuilder header(String name, String valueEl) {
    return new KafkaSendActionBuilder(spec.withHeader(new HeaderSpec(name, Bytes.el(valueEl))));
  }

  /** Adds a header whose value this function returns for the session, on every send. */
  public KafkaSendActionBuilder header(String name, Function<Session, ?> f) {
    return new KafkaSendActionBuilder(spec.withHeader(new HeaderSpec(name, Bytes.function(f))));
  }

  /** Adds headers whose values are constants or EL strings. */
  public KafkaSendActionBuilder headers(Map<String, String> headerEls) {
    KafkaSendActionBuilder b = this;
    for (Map.Entry<String, String> e : headerEls.entrySet()) {
      b = b.header(e.getKey(), e.getValue());
    }
    return b;
  }

  /**
   * Adds Kafka headers as they are (the galaxio plugin's {@code send(key, value, headers)} form).
   */
  public KafkaSendActionBuilder headers(Headers kafkaHeaders) {
    SendSpec s = spec;
    for (Header h : kafkaHeaders) {
      s = s.withHeader(new HeaderSpec(h.key(), Bytes.constant(h.value())));
    }
    return new KafkaSendActionBuilder(s);
  }

  /**
   * Adds the Kafka headers this function returns for the session, on every send (the galaxio
   * plugin's {@code JExpression<Headers>} form); null adds none.
   */
  public KafkaSendActionBuilder headers(Function<Session, ? extends Iterable<Header>> f) {
    return new KafkaSendActionBuilder(spec.withHeader(HeaderSpec.headersOf(SessionValue.of(f))));
  }

  /** Sends to this partition instead of letting the partitioner choose. */
  public KafkaSendActionBuilder partition(int p) {
    return new KafkaSendActionBuilder(spec.withPartition(SessionValue.constant(p)));
  }

  /** Sends to the partition this EL string resolves to, for example "#{partition}". */
  public KafkaSendActionBuilder partition(String el) {
    return new KafkaSendActionBuilder(spec.withPartition(SessionValue.elInt(el)));
  }

  /**
   * Sends to the partition this function returns for the session; a partition the topic lacks is a
   * KO.
   */
  public KafkaSendActionBuilder partition(Function<Session, Integer> f) {
    return new KafkaSendActionBuilder(spec.withPartition(SessionValue.of(f)));
  }

  /** The record's timestamp in epoch milliseconds; unset, the producer stamps the send time. */
  public KafkaSendActionBuilder timestamp(long epochMillis) {
    return new KafkaSendActionBuilder(spec.withTimestamp(SessionValue.constant(epochMillis)));
  }

  /** The record's timestamp from an EL string that resolves to epoch milliseconds. */
  public KafkaSendActionBuilder timestamp(String el) {
    return new KafkaSendActionBuilder(spec.withTimestamp(SessionValue.el(el)));
  }

  /** The record's timestamp in epoch milliseconds, as this function returns it for the session. */
  public KafkaSendActionBuilder timestamp(Function<Session, Long> f) {
    return new KafkaSendActionBuilder(spec.withTimestamp(SessionValue.of(f)));
  }

  /**
   * Does not wait for the broker: the user moves on as soon as the record is in the producer's
   * buffer, and the request is renamed with {@link #FIRE_AND_FORGET_SUFFIX}. Its rate is the rate
   * of buffering, not of Kafka. Ack failures still show up, as KOs of "name ack failure".
   */
  public KafkaSendActionBuilder fireAndForget() {
    return new KafkaSendActionBuilder(spec.withFireAndForget(true));
  }

  /**
   * Sends {@code records} records each time a user runs this action, all at once, each built from
   * the session and timed on its own (one response per record in the report); the user goes on when
   * all are acked or failed. In the open model this is an arrival of several records: {@code
   * constantUsersPerSec(rate / records)} sends {@code rate} records/s at a fraction of Gatling's
   * cost per virtual user (docs/benchmark.md). Arrivals still do not wait for earlier ones. Feeder
   * values are drawn once per user, so all records of a burst share them.
   */
  public KafkaSendActionBuilder burst(int records) {
    refuseIf(
        records < 1,
        "'%s'.burst(%s): the number of records per burst must be at least 1"
            .formatted(spec.requestName(), records));
    return new KafkaSendActionBuilder(spec.withBurst(records));
  }

  /**
   * Keeps this send's OK results out of Gatling's stats and report, as Gatling's HTTP {@code
   * silent()} does for requests that only generate load: a warm-up, whose records OpenMessaging
   * Benchmark leaves out of its results too. Unlike Gatling's, a KO is still logged with its
   * reason, so a failure is never hidden. The records are still counted, acked, reconciled and on
   * the Kafka page (kafka-summary.json's {@code throughput.byRequest}), and cost Gatling no stats
   * record each. Refused with {@link #transaction(int)} and {@link #replyOn(String)}.
   */
  public KafkaSendActionBuilder silent() {
    return new KafkaSendActionBuilder(spec.withSilent(true));
  }

  /**
   * Makes this send transactional: each time a user runs it, {@code records} records in one
   * transaction, each built from the session and ack-timed under this request's name, then a commit
   * timed as {@code "<name> commit"} (an abort, when asked for, as {@code "<name> abort"}). The
   * transaction takes a transactional producer of its own (ids unique per run and injector, or
   * prefixed by the protocol's {@code transactional.id}) and runs off Gatling's event loop. Refused
   * with {@link #fireAndForget()} or {@link #burst(int)}, which cannot hold in a transaction.
   */
  public KafkaTransactionActionBuilder transaction(int records) {
    return new KafkaTransactionActionBuilder(TransactionSpec.of(spec, records));
  }

  /**
   * Waits for this request's reply on {@code replyTopic}: a request-reply, timed from the send to
   * the reply. Match by key unless told otherwise.
   */
  public RequestReplyActionBuilder replyOn(String replyTopic) {
    refuseIf(
        spec.silent(),
        "'%s': silent() applies to plain sends; a request-reply reports every result"
            .formatted(spec.requestName()));
    refuseIf(
        spec.burst() > 1,
        "'%s': burst(%s) sends records without a reply; a request-reply sends one request per user"
            .formatted(spec.requestName(), spec.burst()));
    refuseIf(
        replyTopic == null || replyTopic.isBlank(),
        "'" + spec.requestName() + "'.replyOn(topic): the topic is empty");
    return new RequestReplyActionBuilder(RequestReplySpec.of(spec, replyTopic));
  }
}
