package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.javaapi.core.Session;
import java.util.function.Function;
import kafkaload.KafkaDsl;
import kafkaload.KafkaSendActionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.JExpression;
import org.apache.kafka.common.header.Headers;

/** A galaxio record as this project's send: key and value as bytes, its topic and headers. */
final class Sends {
  private Sends() {}

  /**
   * The send of {@code key} (null: no key) and {@code value} to the topic, an EL text or a function
   * of the session (the other null), with constant headers or a function of them (either null).
   */
  static KafkaSendActionBuilder record(
      String requestName,
      String topicEl,
      Function<Session, String> topicFn,
      ExpressionBuilder<?> key,
      ExpressionBuilder<?> value,
      Headers headers,
      JExpression<Headers> headersFn) {
    Function<Session, String> topic =
        topicFn != null ? topicFn : topicEl != null ? Values.topic(topicEl) : s -> null;
    Function<Session, Object> valueBytes = Values.bytes(Values.of(value), topic);
    KafkaSendActionBuilder send = KafkaDsl.kafka(requestName).send(valueBytes);
    if (topicFn != null) {
      send = send.topic(topicFn);
    } else if (topicEl != null) {
      send = send.topic(topicEl);
    }
    if (key != null) {
      Function<Session, Object> keyBytes = Values.bytes(key, topic);
      send = send.key(keyBytes);
    }
    if (headers != null) {
      send = send.headers(headers);
    }
    if (headersFn != null) {
      send = send.headers(headersFn);
    }
    return send;
  }
}
