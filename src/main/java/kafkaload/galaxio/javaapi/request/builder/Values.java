package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.commons.validation.Failure;
import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.internal.Expressions;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import kafkaload.galaxio.javaapi.request.expressions.Builders;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;

/**
 * galaxio's keys and values as record bytes: the expression per record, a String resolved as
 * Gatling EL (as galaxio does), then its serde's serializer with the topic.
 */
final class Values {
  /** Compiled EL, per text: a simulation names a handful. */
  private static final Map<
          String, scala.Function1<io.gatling.core.session.Session, Validation<String>>>
      EL = new ConcurrentHashMap<>();

  private Values() {}

  static ExpressionBuilder<String> of(String v) {
    return new Builders.StringExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<Float> of(Float v) {
    return new Builders.FloatExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<Double> of(Double v) {
    return new Builders.DoubleExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<Short> of(Short v) {
    return new Builders.ShortExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<Integer> of(Integer v) {
    return new Builders.IntegerExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<Long> of(Long v) {
    return new Builders.LongExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<ByteBuffer> of(ByteBuffer v) {
    return new Builders.ByteBufferExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<Bytes> of(Bytes v) {
    return new Builders.BytesExpressionBuilder(s -> v);
  }

  static ExpressionBuilder<byte[]> of(byte[] v) {
    return new Builders.ByteArrayExpressionBuilder(s -> v);
  }

  static <T> ExpressionBuilder<T> of(ExpressionBuilder<T> e) {
    if (e == null) {
      throw new KafkaLoadConfigException("galaxio send(..): a key or value expression is null");
    }
    return e;
  }

  /** A constant of {@code type}, written by Kafka's built-in serde for it (galaxio's classes). */
  static <T> ExpressionBuilder<T> of(T v, Class<T> type, Serde<T> serde) {
    return new ExpressionBuilder<T>(s -> v, type, serde) {};
  }

  /** Kafka's built-in serde of a class, or a refusal naming the classes it has. */
  static <T> Serde<T> serde(Class<T> type, String where) {
    try {
      return Serdes.serdeFrom(type);
    } catch (IllegalArgumentException e) {
      throw new KafkaLoadConfigException(
          where
              + ": Kafka has no built-in serde for "
              + type.getName()
              + " (String, Short, Integer, Long, Float, Double, byte[], ByteBuffer, Bytes, UUID):"
              + " pass its Serializer and Deserializer");
    }
  }

  /** The bytes of {@code e} for a session and the topic it is sent to; null stays null. */
  static <T> Function<Session, Object> bytes(
      ExpressionBuilder<T> e, Function<Session, String> topic) {
    Function<Session, T> f = e.getExpression();
    Serializer<T> serializer = e.getSerde().serializer();
    boolean el = e.getType() == String.class;
    return session -> {
      T v = f.apply(session);
      if (v == null) {
        return null;
      }
      if (el) {
        @SuppressWarnings("unchecked")
        T resolved = (T) el((String) v, session);
        v = resolved;
      }
      return serializer.serialize(topic.apply(session), v);
    };
  }

  /** Gatling EL in {@code text}, resolved for the session; a failure is the send's KO reason. */
  static String el(String text, Session session) {
    if (!text.contains("#{")) {
      return text;
    }
    Validation<String> v =
        EL.computeIfAbsent(text, Expressions::toStringExpression).apply(session.asScala());
    if (v instanceof Success<String> s) {
      return s.value();
    }
    Object failure = v;
    throw new IllegalStateException(((Failure) failure).message());
  }

  /** A topic as an EL text, resolved per record. */
  static Function<Session, String> topic(String el) {
    if (el == null || el.isBlank()) {
      throw new KafkaLoadConfigException("galaxio kafka(name): the topic is empty");
    }
    Expressions.toStringExpression(el); // a malformed EL is refused here, before any load
    return session -> el(el, session);
  }
}
