package kafkaload.internal.payload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatling.javaapi.core.Session;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/** Keys, values, headers as bytes; producers use ByteArraySerializer: Kafka is measured. */
public final class Bytes {
  // JVM-wide: configured once, thread-safe, holds no run's data.
  private static final ObjectMapper JSON = new ObjectMapper();

  private Bytes() {}

  public static byte[] of(Object value) {
    if (value == null || value instanceof byte[]) {
      return (byte[]) value;
    } else if (value instanceof String s) {
      return s.getBytes(StandardCharsets.UTF_8);
    } else if (value instanceof ByteBuffer b) {
      byte[] out = new byte[b.remaining()];
      b.duplicate().get(out);
      return out;
    }
    try {
      return JSON.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new SessionValue.Unresolved(
          "cannot write " + value.getClass().getName() + " as JSON: " + e.getOriginalMessage());
    }
  }

  /** A constant is converted once, not on every send. */
  public static SessionValue<byte[]> constant(Object value) {
    byte[] bytes = of(value);
    return session -> bytes;
  }

  /** An EL string: constant strings are encoded once. */
  public static SessionValue<byte[]> el(String el) {
    if (el == null || !el.contains("#{")) {
      return constant(el);
    }
    SessionValue<String> s = SessionValue.el(el);
    return session -> of(s.resolve(session));
  }

  public static SessionValue<byte[]> function(Function<Session, ?> f) {
    SessionValue<?> v = SessionValue.of(f);
    return session -> of(v.resolve(session));
  }
}
