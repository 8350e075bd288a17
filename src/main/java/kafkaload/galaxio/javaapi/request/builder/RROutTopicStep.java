package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.javaapi.core.Session;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.JExpression;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;

/**
 * galaxio's {@code kafka(name).requestReply().requestTopic(rt).replyTopic(ct)}: {@code send(..)}
 * sends the request to {@code rt} and waits for its reply on {@code ct}. Keys and values as galaxio
 * takes them (a String is Gatling EL; the others written by Kafka's built-in serde of their class,
 * or by the serializer given), headers constant or per session. The overloads are galaxio's; each
 * comes down to {@link #send(ExpressionBuilder, ExpressionBuilder, Headers)} or its {@code
 * JExpression<Headers>} twin.
 */
public class RROutTopicStep {
  private final String requestName;
  private final String requestTopicEl;
  private final Function<Session, String> requestTopicFn;
  private final String replyTopic;

  RROutTopicStep(
      String requestName,
      String requestTopicEl,
      Function<Session, String> requestTopicFn,
      String replyTopic) {
    this.requestName = requestName;
    this.requestTopicEl = requestTopicEl;
    this.requestTopicFn = requestTopicFn;
    this.replyTopic = replyTopic;
  }

  public <K, V> RequestReplyBuilder<K, V> send(
      ExpressionBuilder<K> key, ExpressionBuilder<V> payload) {
    return send(key, payload, (Headers) null);
  }

  public <K, V> RequestReplyBuilder<K, V> send(
      ExpressionBuilder<K> key, ExpressionBuilder<V> payload, Headers headers) {
    return build(key, payload, headers, null);
  }

  public <K, V> RequestReplyBuilder<K, V> send(
      ExpressionBuilder<K> key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return build(key, payload, null, headers);
  }

  /** A key and value of these classes, written by Kafka's built-in serdes of the classes. */
  public <K, V> RequestReplyBuilder<K, V> send(
      K key, V payload, Class<K> keyClass, Class<V> payloadClass) {
    return send(key, payload, (Headers) null, keyClass, payloadClass);
  }

  public <K, V> RequestReplyBuilder<K, V> send(
      K key, V payload, Headers headers, Class<K> keyClass, Class<V> payloadClass) {
    return build(
        typed(key, keyClass, serde(keyClass)),
        typed(payload, payloadClass, serde(payloadClass)),
        headers,
        null);
  }

  public <K, V> RequestReplyBuilder<K, V> send(
      K key, V payload, JExpression<Headers> headers, Class<K> keyClass, Class<V> payloadClass) {
    return build(
        typed(key, keyClass, serde(keyClass)),
        typed(payload, payloadClass, serde(payloadClass)),
        null,
        headers);
  }

  /** A key of its class's built-in serde, and a value written by {@code ser}. */
  public <K, V> RequestReplyBuilder<?, ?> send(
      K key,
      V payload,
      Class<K> keyClass,
      Class<V> payloadClass,
      Serializer<V> ser,
      Deserializer<V> de) {
    return send(key, payload, (Headers) null, keyClass, payloadClass, ser, de);
  }

  public <K, V> RequestReplyBuilder<?, ?> send(
      K key,
      V payload,
      Headers headers,
      Class<K> keyClass,
      Class<V> payloadClass,
      Serializer<V> ser,
      Deserializer<V> de) {
    return sendTyped(key, payload, keyClass, payloadClass, ser, de, headers, null);
  }

  public <K, V> RequestReplyBuilder<?, ?> send(
      K key,
      V payload,
      JExpression<Headers> headers,
      Class<K> keyClass,
      Class<V> payloadClass,
      Serializer<V> ser,
      Deserializer<V> de) {
    return sendTyped(key, payload, keyClass, payloadClass, ser, de, null, headers);
  }

  /** A key of Kafka's serde for its class and a value of the given serde, with its headers. */
  private <K, V> RequestReplyBuilder<?, ?> sendTyped(
      K key,
      V payload,
      Class<K> keyClass,
      Class<V> payloadClass,
      Serializer<V> ser,
      Deserializer<V> de,
      Headers headers,
      JExpression<Headers> headersExpression) {
    return build(
        typed(key, keyClass, serde(keyClass)),
        typed(payload, payloadClass, custom(ser, de)),
        headers,
        headersExpression);
  }

  public <V> RequestReplyBuilder<String, V> send(String key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<String, V> send(
      String key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<String, V> send(
      String key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public RequestReplyBuilder<String, String> send(String key, String payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public RequestReplyBuilder<String, String> send(String key, String payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public RequestReplyBuilder<String, String> send(
      String key, String payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, String> send(ExpressionBuilder<K> key, String payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, String> send(
      ExpressionBuilder<K> key, String payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, String> send(
      ExpressionBuilder<K> key, String payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Float, V> send(Float key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<Float, V> send(
      Float key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Float, V> send(
      Float key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Float> send(ExpressionBuilder<K> key, Float payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, Float> send(
      ExpressionBuilder<K> key, Float payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Float> send(
      ExpressionBuilder<K> key, Float payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Double, V> send(Double key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<Double, V> send(
      Double key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Double, V> send(
      Double key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Double> send(ExpressionBuilder<K> key, Double payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, Double> send(
      ExpressionBuilder<K> key, Double payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Double> send(
      ExpressionBuilder<K> key, Double payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Short, V> send(Short key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<Short, V> send(
      Short key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Short, V> send(
      Short key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Short> send(ExpressionBuilder<K> key, Short payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, Short> send(
      ExpressionBuilder<K> key, Short payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Short> send(
      ExpressionBuilder<K> key, Short payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Integer, V> send(Integer key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<Integer, V> send(
      Integer key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Integer, V> send(
      Integer key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Integer> send(ExpressionBuilder<K> key, Integer payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, Integer> send(
      ExpressionBuilder<K> key, Integer payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Integer> send(
      ExpressionBuilder<K> key, Integer payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Long, V> send(Long key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<Long, V> send(
      Long key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Long, V> send(
      Long key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Long> send(ExpressionBuilder<K> key, Long payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, Long> send(
      ExpressionBuilder<K> key, Long payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Long> send(
      ExpressionBuilder<K> key, Long payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<ByteBuffer, V> send(ByteBuffer key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<ByteBuffer, V> send(
      ByteBuffer key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<ByteBuffer, V> send(
      ByteBuffer key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, ByteBuffer> send(ExpressionBuilder<K> key, ByteBuffer payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, ByteBuffer> send(
      ExpressionBuilder<K> key, ByteBuffer payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, ByteBuffer> send(
      ExpressionBuilder<K> key, ByteBuffer payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Bytes, V> send(Bytes key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestReplyBuilder<Bytes, V> send(
      Bytes key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestReplyBuilder<Bytes, V> send(
      Bytes key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Bytes> send(ExpressionBuilder<K> key, Bytes payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestReplyBuilder<K, Bytes> send(
      ExpressionBuilder<K> key, Bytes payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestReplyBuilder<K, Bytes> send(
      ExpressionBuilder<K> key, Bytes payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  private String where() {
    return "galaxio kafka(\"" + requestName + "\").requestReply()";
  }

  private <T> Serde<T> serde(Class<T> type) {
    return Values.serde(type, where());
  }

  private static <T> ExpressionBuilder<T> typed(T value, Class<T> type, Serde<T> serde) {
    return Values.of(value, type, serde);
  }

  private <V> Serde<V> custom(Serializer<V> ser, Deserializer<V> de) {
    if (ser == null || de == null) {
      throw new kafkaload.internal.config.KafkaLoadConfigException(
          where() + ".send(..): the serializer and deserializer must not be null");
    }
    if (ser.getClass().getName().startsWith("io.confluent.")) {
      throw new kafkaload.internal.config.KafkaLoadConfigException(
          kafkaload.galaxio.javaapi.request.expressions.Builders.CONFLUENT_AVRO_REFUSED);
    }
    return Serdes.serdeFrom(ser, de);
  }

  private <K, V> RequestReplyBuilder<K, V> build(
      ExpressionBuilder<?> key,
      ExpressionBuilder<V> value,
      Headers headers,
      JExpression<Headers> headersFn) {
    List<String> topics = new ArrayList<>();
    if (requestTopicEl != null && !requestTopicEl.contains("#{")) {
      topics.add(requestTopicEl);
    }
    topics.add(replyTopic);
    return new RequestReplyBuilder<>(
        where(),
        topics.size() > 1 ? requestTopicEl : null,
        List.copyOf(topics),
        Sends.record(
            requestName, requestTopicEl, requestTopicFn, Values.of(key), value, headers, headersFn),
        replyTopic,
        List.of());
  }
}
