package kafkaload.galaxio.javaapi.request.builder;

import java.nio.ByteBuffer;
import java.util.List;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.JExpression;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.utils.Bytes;

/**
 * galaxio's {@code kafka(name).topic(t)}: a produce-only request to topic {@code t}, sent by {@code
 * send(..)} with a key and value of the types galaxio takes (a String is Gatling EL; the others are
 * written by Kafka's built-in serde of their class), and headers, constant or per session. The
 * overloads are galaxio's; each comes down to {@link #send(ExpressionBuilder, ExpressionBuilder,
 * Headers)} or its {@code JExpression<Headers>} twin.
 */
public class OnlyPublishStep {
  private final String requestName;
  private final String topic;

  OnlyPublishStep(String requestName, String topic) {
    this.requestName = requestName;
    Values.topic(topic); // checked here, where the simulation names it
    this.topic = topic;
  }

  public <K, V> RequestBuilder<K, V> send(ExpressionBuilder<K> key, ExpressionBuilder<V> payload) {
    return send(key, payload, (Headers) null);
  }

  public <K, V> RequestBuilder<K, V> send(
      ExpressionBuilder<K> key, ExpressionBuilder<V> payload, Headers headers) {
    return build(Values.of(key), payload, headers, null);
  }

  public <K, V> RequestBuilder<K, V> send(
      ExpressionBuilder<K> key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return build(Values.of(key), payload, null, headers);
  }

  /** A value of this class without a key, written by Kafka's built-in serde of the class. */
  public <V> RequestBuilder<Object, V> sendWithClass(V payload, Class<V> vClass) {
    return sendWithClass(payload, vClass, null);
  }

  /** As {@link #sendWithClass(Object, Class)}, with headers. */
  public <V> RequestBuilder<Object, V> sendWithClass(V payload, Class<V> vClass, Headers headers) {
    String where = "galaxio kafka(\"" + requestName + "\").topic(..).sendWithClass(..)";
    return build(null, Values.of(payload, vClass, Values.serde(vClass, where)), headers, null);
  }

  /** A String value (Gatling EL) without a key. */
  public RequestBuilder<Object, String> send(String value) {
    return sendWithClass(value, String.class);
  }

  public RequestBuilder<Object, String> send(String value, Headers headers) {
    return sendWithClass(value, String.class, headers);
  }

  public RequestBuilder<Object, Integer> send(Integer value) {
    return sendWithClass(value, Integer.class);
  }

  public RequestBuilder<Object, Long> send(Long value) {
    return sendWithClass(value, Long.class);
  }

  /** A String key (EL) and a double value. */
  public RequestBuilder<String, Double> send(String key, double value) {
    return send(Values.of(key), Values.of(value));
  }

  public RequestBuilder<String, String> send(String key, String payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public RequestBuilder<String, String> send(String key, String payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public RequestBuilder<String, String> send(
      String key, String payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<String, V> send(String key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<String, V> send(
      String key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<String, V> send(
      String key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, String> send(ExpressionBuilder<K> key, String payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, String> send(
      ExpressionBuilder<K> key, String payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, String> send(
      ExpressionBuilder<K> key, String payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Float, V> send(Float key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<Float, V> send(
      Float key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Float, V> send(
      Float key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Float> send(ExpressionBuilder<K> key, Float payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, Float> send(
      ExpressionBuilder<K> key, Float payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Float> send(
      ExpressionBuilder<K> key, Float payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Double, V> send(Double key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<Double, V> send(
      Double key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Double, V> send(
      Double key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Double> send(ExpressionBuilder<K> key, Double payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, Double> send(
      ExpressionBuilder<K> key, Double payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Double> send(
      ExpressionBuilder<K> key, Double payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Short, V> send(Short key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<Short, V> send(
      Short key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Short, V> send(
      Short key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Short> send(ExpressionBuilder<K> key, Short payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, Short> send(
      ExpressionBuilder<K> key, Short payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Short> send(
      ExpressionBuilder<K> key, Short payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Integer, V> send(Integer key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<Integer, V> send(
      Integer key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Integer, V> send(
      Integer key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Integer> send(ExpressionBuilder<K> key, Integer payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, Integer> send(
      ExpressionBuilder<K> key, Integer payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Integer> send(
      ExpressionBuilder<K> key, Integer payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Long, V> send(Long key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public RequestBuilder<Integer, Long> send(Integer key, Long payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<Long, V> send(Long key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Long, V> send(
      Long key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Long> send(ExpressionBuilder<K> key, Long payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, Long> send(ExpressionBuilder<K> key, Long payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Long> send(
      ExpressionBuilder<K> key, Long payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<ByteBuffer, V> send(ByteBuffer key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<ByteBuffer, V> send(
      ByteBuffer key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<ByteBuffer, V> send(
      ByteBuffer key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, ByteBuffer> send(ExpressionBuilder<K> key, ByteBuffer payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, ByteBuffer> send(
      ExpressionBuilder<K> key, ByteBuffer payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, ByteBuffer> send(
      ExpressionBuilder<K> key, ByteBuffer payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Bytes, V> send(Bytes key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<Bytes, V> send(
      Bytes key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<Bytes, V> send(
      Bytes key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Bytes> send(ExpressionBuilder<K> key, Bytes payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, Bytes> send(
      ExpressionBuilder<K> key, Bytes payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, Bytes> send(
      ExpressionBuilder<K> key, Bytes payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<byte[], V> send(byte[] key, ExpressionBuilder<V> payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <V> RequestBuilder<byte[], V> send(
      byte[] key, ExpressionBuilder<V> payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <V> RequestBuilder<byte[], V> send(
      byte[] key, ExpressionBuilder<V> payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, byte[]> send(ExpressionBuilder<K> key, byte[] payload) {
    return send(Values.of(key), Values.of(payload));
  }

  public <K> RequestBuilder<K, byte[]> send(
      ExpressionBuilder<K> key, byte[] payload, Headers headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  public <K> RequestBuilder<K, byte[]> send(
      ExpressionBuilder<K> key, byte[] payload, JExpression<Headers> headers) {
    return send(Values.of(key), Values.of(payload), headers);
  }

  private <K, V> RequestBuilder<K, V> build(
      ExpressionBuilder<?> key,
      ExpressionBuilder<V> value,
      Headers headers,
      JExpression<Headers> headersFn) {
    return new RequestBuilder<>(
        "galaxio kafka(\"" + requestName + "\").topic(\"" + topic + "\")",
        List.of(topic),
        Sends.record(requestName, topic, null, key, value, headers, headersFn));
  }
}
