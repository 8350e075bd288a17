package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code kafka("name").send(key, value)}, refined by chained calls; every call returns a new builder.
 * Strings are Gatling EL ("#{attr}"), byte[] is sent as is, a Map or POJO is written as JSON,
 * and a function of the session is evaluated on every send.
 */
public final class KafkaSendActionBuilder implements KafkaActionBuilder {
  /** Appended to the request name of fire-and-forget sends, so no report can pass them off as ack latency. */
  public static final String FIRE_AND_FORGET_SUFFIX = " [fire-and-forget, not ack-timed]";

  private final String requestName;
  private final SessionValue<String> topic;
  private final SessionValue<byte[]> key;
  private final SessionValue<byte[]> value;
  private final List<SendSpec.HeaderSpec> headers;
  private final SessionValue<?> partition;
  private final SessionValue<?> timestamp;
  private final boolean fireAndForget;

  KafkaSendActionBuilder(String requestName, SessionValue<byte[]> key, SessionValue<byte[]> value) {
    this(requestName, null, key, value, List.of(), null, null, false);
  }

  private KafkaSendActionBuilder(String requestName, SessionValue<String> topic, SessionValue<byte[]> key,
      SessionValue<byte[]> value, List<SendSpec.HeaderSpec> headers, SessionValue<?> partition,
      SessionValue<?> timestamp, boolean fireAndForget) {
    this.requestName = requestName;
    this.topic = topic;
    this.key = key;
    this.value = value;
    this.headers = headers;
    this.partition = partition;
    this.timestamp = timestamp;
    this.fireAndForget = fireAndForget;
  }

  @SuppressWarnings("unchecked")
  static SessionValue<byte[]> bytes(Object v) {
    // A session function can arrive typed as Object, e.g. send(randomKey(), "#{v}", headers): evaluate it per record.
    return v instanceof String ? Bytes.el((String) v)
        : v instanceof Function ? Bytes.function((Function<Session, ?>) v) : Bytes.constant(v);
  }

  /** Sends to this topic (EL) instead of the protocol's default. */
  public KafkaSendActionBuilder topic(String topicEl) {
    return new KafkaSendActionBuilder(requestName, SessionValue.el(topicEl), key, value, headers, partition,
        timestamp, fireAndForget);
  }

  public KafkaSendActionBuilder topic(Function<Session, String> f) {
    return new KafkaSendActionBuilder(requestName, SessionValue.of(f), key, value, headers, partition, timestamp,
        fireAndForget);
  }

  public KafkaSendActionBuilder key(Object keyConstantOrEl) {
    return new KafkaSendActionBuilder(requestName, topic, bytes(keyConstantOrEl), value, headers, partition,
        timestamp, fireAndForget);
  }

  public KafkaSendActionBuilder key(Function<Session, ?> f) {
    return new KafkaSendActionBuilder(requestName, topic, Bytes.function(f), value, headers, partition, timestamp,
        fireAndForget);
  }

  /** Adds a header whose value is a constant or EL string. */
  public KafkaSendActionBuilder header(String name, String valueEl) {
    return withHeader(new SendSpec.HeaderSpec(name, Bytes.el(valueEl)));
  }

  public KafkaSendActionBuilder header(String name, Function<Session, ?> f) {
    return withHeader(new SendSpec.HeaderSpec(name, Bytes.function(f)));
  }

  /** Adds headers whose values are constants or EL strings. */
  public KafkaSendActionBuilder headers(Map<String, String> headerEls) {
    KafkaSendActionBuilder b = this;
    for (Map.Entry<String, String> e : headerEls.entrySet()) {
      b = b.header(e.getKey(), e.getValue());
    }
    return b;
  }

  /** Adds Kafka headers as they are (the galaxio plugin's {@code send(key, value, headers)} form). */
  public KafkaSendActionBuilder headers(org.apache.kafka.common.header.Headers kafkaHeaders) {
    KafkaSendActionBuilder b = this;
    for (org.apache.kafka.common.header.Header h : kafkaHeaders) {
      b = b.withHeader(new SendSpec.HeaderSpec(h.key(), Bytes.constant(h.value())));
    }
    return b;
  }

  private KafkaSendActionBuilder withHeader(SendSpec.HeaderSpec h) {
    List<SendSpec.HeaderSpec> hs = new ArrayList<>(headers);
    hs.add(h);
    return new KafkaSendActionBuilder(requestName, topic, key, value, Collections.unmodifiableList(hs), partition,
        timestamp, fireAndForget);
  }

  /** Sends to this partition instead of letting the partitioner choose. */
  public KafkaSendActionBuilder partition(int p) {
    return withPartition(SessionValue.constant(p));
  }

  public KafkaSendActionBuilder partition(String el) {
    return withPartition(SessionValue.elInt(el));
  }

  public KafkaSendActionBuilder partition(Function<Session, Integer> f) {
    return withPartition(SessionValue.of(f));
  }

  private KafkaSendActionBuilder withPartition(SessionValue<?> p) {
    return new KafkaSendActionBuilder(requestName, topic, key, value, headers, p, timestamp, fireAndForget);
  }

  /** The record's timestamp in epoch milliseconds; unset, the producer stamps the send time. */
  public KafkaSendActionBuilder timestamp(long epochMillis) {
    return withTimestamp(SessionValue.constant(epochMillis));
  }

  public KafkaSendActionBuilder timestamp(String el) {
    return withTimestamp(SessionValue.el(el));
  }

  public KafkaSendActionBuilder timestamp(Function<Session, Long> f) {
    return withTimestamp(SessionValue.of(f));
  }

  private KafkaSendActionBuilder withTimestamp(SessionValue<?> t) {
    return new KafkaSendActionBuilder(requestName, topic, key, value, headers, partition, t, fireAndForget);
  }

  /**
   * Does not wait for the broker: the user moves on as soon as the record is in the producer's buffer, and the
   * request is renamed with {@link #FIRE_AND_FORGET_SUFFIX}. Its rate is the rate of buffering, not of Kafka.
   * Ack failures still show up, as KOs of "name ack failure".
   */
  public KafkaSendActionBuilder fireAndForget() {
    return new KafkaSendActionBuilder(requestName, topic, key, value, headers, partition, timestamp, true);
  }

  /**
   * Waits for this request's reply on {@code replyTopic}: a request-reply, timed from the send to the reply.
   * Match by key unless told otherwise.
   */
  public RequestReplyActionBuilder replyOn(String replyTopic) {
    if (replyTopic == null || replyTopic.isBlank()) {
      throw new kafkaload.config.KafkaLoadConfigException("'" + requestName + "'.replyOn(topic): the topic is empty");
    }
    return new RequestReplyActionBuilder(this, replyTopic);
  }

  boolean hasHeader(String name) {
    return headers.stream().anyMatch(h -> h.name().equals(name));
  }

  /** The send as it runs against these components: the protocol's topic unless one was given. */
  SendSpec spec(kafkaload.protocol.KafkaComponents components) {
    SessionValue<String> t = topic;
    if (t == null) {
      String defaultTopic = components.protocol().topic();
      if (defaultTopic == null) {
        throw new kafkaload.config.KafkaLoadConfigException("Send '" + requestName
            + "' has no topic: set kafka().topic(\"...\") or .topic(\"...\") on the send");
      }
      t = SessionValue.constant(defaultTopic);
    }
    String name = fireAndForget ? requestName + FIRE_AND_FORGET_SUFFIX : requestName;
    return new SendSpec(name, t, key, value, headers, partition, timestamp, fireAndForget);
  }

  @Override
  public Action build(kafkaload.protocol.KafkaComponents components, ScenarioContext ctx, Action next) {
    return new KafkaSendAction(spec(components), components, next, ctx.throttled());
  }
}
