package kafkaload.galaxio.javaapi.request.builder;

import java.util.List;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.header.Headers;

/**
 * galaxio's {@code kafka(name)}: a produce-only request ({@link #topic}) or a request-reply ({@link
 * #requestReply()}). The Tinkoff plugin's {@code send(..)} forms, to the protocol's topic, are here
 * too.
 */
public class KafkaRequestBuilderBase {
  private final String requestName;

  public KafkaRequestBuilderBase(String requestName) {
    if (requestName == null || requestName.isBlank()) {
      throw new KafkaLoadConfigException("galaxio kafka(name): the request name is empty");
    }
    this.requestName = requestName;
  }

  public ReqRepBase requestReply() {
    return new ReqRepBase(requestName);
  }

  /** A produce-only request to this topic. */
  public OnlyPublishStep topic(String producerTopic) {
    return new OnlyPublishStep(requestName, producerTopic);
  }

  /**
   * The Tinkoff plugin's form: a key and value to the protocol's topic ({@code
   * kafka().topic(t).properties(..)}), each written by Kafka's built-in serde of its class (a
   * String as Gatling EL).
   */
  public <K, V> RequestBuilder<?, ?> send(K key, V payload) {
    return tinkoff(key, payload, null);
  }

  public <K, V> RequestBuilder<?, ?> send(K key, V payload, Headers headers) {
    return tinkoff(key, payload, headers);
  }

  /** The Tinkoff plugin's form: a value without a key to the protocol's topic. */
  public <V> RequestBuilder<?, ?> send(V payload) {
    return tinkoff(null, payload, null);
  }

  public <K, V> RequestBuilder<?, ?> send(V payload, Headers headers) {
    return tinkoff(null, payload, headers);
  }

  private RequestBuilder<?, ?> tinkoff(Object key, Object value, Headers headers) {
    String what = "galaxio kafka(\"" + requestName + "\").send(..)";
    return new RequestBuilder<>(
        what,
        List.of(),
        Sends.record(
            requestName,
            null,
            null,
            key == null ? null : typed(key, what),
            typed(value, what),
            headers,
            null));
  }

  @SuppressWarnings("unchecked")
  private static <T> ExpressionBuilder<T> typed(T v, String what) {
    if (v == null) {
      throw new KafkaLoadConfigException(what + ": the value is null");
    }
    if (v instanceof String s) {
      return (ExpressionBuilder<T>) Values.of(s);
    }
    if (v instanceof java.nio.ByteBuffer b) {
      return (ExpressionBuilder<T>) Values.of(b); // its class is a subclass Kafka does not know
    }
    Class<T> type = (Class<T>) v.getClass();
    return Values.of(v, type, Values.serde(type, what));
  }
}
