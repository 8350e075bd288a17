package kafkaload;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.javaapi.core.Session;
import java.util.Map;
import java.util.function.Function;
import kafkaload.internal.action.ConsumeSpec;
import kafkaload.internal.action.DrainSpec;
import kafkaload.internal.action.SendSpec;
import kafkaload.internal.payload.Bytes;
import kafkaload.internal.semantic.share.ShareConsumeSpec;
import kafkaload.internal.semantic.subscription.SubscriptionSpec;
import org.apache.kafka.common.header.Headers;

/**
 * {@code kafka("request name")}: the named request whose {@code send(..)} overloads mirror the
 * galaxio plugin's {@code send(value)}, {@code send(key, value)} and {@code send(key, value,
 * headers)}.
 */
public final class KafkaRequestBuilder {
  private final String requestName;

  KafkaRequestBuilder(String requestName) {
    refuseIf(
        requestName == null || requestName.isBlank(),
        "kafka(name): the request name must not be empty");
    this.requestName = requestName;
  }

  /**
   * Waits for a record on this topic; add a matcher (matchKey, matchHeader, matchValue or match).
   */
  public ConsumeActionBuilder consume(String topic) {
    return new ConsumeActionBuilder(ConsumeSpec.of(requestName, topic(topic, "consume")));
  }

  /**
   * Drains a pre-filled offset range of this topic with one consumer per virtual user (inject
   * exactly as many users as {@code threads}): {@code
   * drain(topic).range(prefilled).threads(4).assign(true).timeout(..)}; see {@link
   * DrainActionBuilder} for the settings and their defaults.
   */
  public DrainActionBuilder drain(String topic) {
    return new DrainActionBuilder(DrainSpec.of(requestName, topic(topic, "drain")));
  }

  /**
   * Share-group consumers (KIP-932) of this topic, one per virtual user (inject exactly as many
   * users as {@code consumers}): {@code
   * shareConsume(topic).group("workers").consumers(6).releaseProbability(0.01)}; see {@link
   * ShareConsumeActionBuilder} for the settings and their defaults.
   */
  public ShareConsumeActionBuilder shareConsume(String topic) {
    return new ShareConsumeActionBuilder(
        ShareConsumeSpec.of(requestName, topic(topic, "shareConsume")));
  }

  /** The topic of {@code step}, refused when empty. */
  private String topic(String topic, String step) {
    refuseIf(
        topic == null || topic.isBlank(),
        "kafka(\"" + requestName + "\")." + step + "(topic): the topic is empty");
    return topic;
  }

  /**
   * Subscriptions of the protocol's topic, run by one virtual user: {@code subscriptions} consumer
   * groups of {@code consumersEach} consumers, each reading every record of the run; see {@link
   * SubscriptionsActionBuilder} for the settings and their defaults.
   */
  public SubscriptionsActionBuilder subscriptions(int subscriptions, int consumersEach) {
    return new SubscriptionsActionBuilder(
        SubscriptionSpec.of(requestName, subscriptions, consumersEach));
  }

  /** A record without a key. value: EL string, byte[], or an object written as JSON. */
  public KafkaSendActionBuilder send(Object value) {
    return value instanceof SchemaValue sv
        ? send(sv)
        : new KafkaSendActionBuilder(SendSpec.of(requestName, SendSpec.bytes(value)));
  }

  /**
   * A record without a key whose value is written with a schema: {@code send(avro("order.avsc",
   * "#{json}"))}.
   */
  public KafkaSendActionBuilder send(SchemaValue value) {
    return new KafkaSendActionBuilder(SendSpec.of(requestName, value.spec()));
  }

  /**
   * A key (EL string, byte[], object as JSON, or a SchemaValue) and a value written with a schema.
   */
  public KafkaSendActionBuilder send(Object key, SchemaValue value) {
    return send(value).key(key);
  }

  /** A key computed from the session on every send, and a value written with a schema. */
  public KafkaSendActionBuilder send(Function<Session, ?> key, SchemaValue value) {
    return send(value).key(key);
  }

  /**
   * A record without a key whose value a function computes from the session on every send, e.g.
   * randomBytes(1024).
   */
  public KafkaSendActionBuilder send(Function<Session, ?> value) {
    return new KafkaSendActionBuilder(SendSpec.of(requestName, Bytes.function(value)));
  }

  /**
   * A record with a key; key and value are each an EL string, byte[], or an object written as JSON.
   */
  public KafkaSendActionBuilder send(Object key, Object value) {
    return send(value).key(key);
  }

  /** A constant or EL key, and a value computed from the session on every send. */
  public KafkaSendActionBuilder send(Object key, Function<Session, ?> value) {
    return send(value).key(key);
  }

  /**
   * A key computed from the session on every send (e.g. randomKey()), and a constant or EL value.
   */
  public KafkaSendActionBuilder send(Function<Session, ?> key, Object value) {
    return send(value).key(key);
  }

  /** Key and value both computed from the session on every send. */
  public KafkaSendActionBuilder send(Function<Session, ?> key, Function<Session, ?> value) {
    return send(value).key(key);
  }

  /** Key, value and headers; header values are constants or EL strings. */
  public KafkaSendActionBuilder send(Object key, Object value, Map<String, String> headers) {
    return send(key, value).headers(headers);
  }

  /**
   * Key and value computed from the session on every send, and headers whose values are constants
   * or EL strings.
   */
  public KafkaSendActionBuilder send(
      Function<Session, ?> key, Function<Session, ?> value, Map<String, String> headers) {
    return send(key, value).headers(headers);
  }

  /** Key, value and Kafka headers, as the galaxio plugin's Java DSL takes them. */
  public KafkaSendActionBuilder send(Object key, Object value, Headers headers) {
    return send(key, value).headers(headers);
  }
}
