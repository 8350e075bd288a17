package kafkaload.action;

import io.gatling.core.session.Session;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Everything a send action needs to build its record from a session; immutable. */
record SendSpec(
    String requestName,
    SessionValue<String> topic,
    SessionValue<byte[]> key,
    SessionValue<byte[]> value,
    List<HeaderSpec> headers,
    SessionValue<?> partition,
    SessionValue<?> timestamp,
    boolean fireAndForget) {

  record HeaderSpec(String name, SessionValue<byte[]> value) {}

  ProducerRecord<byte[], byte[]> record(Session session) {
    String t = topic.resolve(session);
    if (t == null || t.isEmpty()) {
      throw new SessionValue.Unresolved("no topic: set kafka().topic(..) or .topic(..) on the send");
    }
    Long p = partition == null ? null : toLong(partition.resolve(session), "partition");
    Long ts = timestamp == null ? null : toLong(timestamp.resolve(session), "timestamp");
    return new ProducerRecord<>(t, p == null ? null : Math.toIntExact(p), ts, key == null ? null : key.resolve(session), value.resolve(session),
        headers.isEmpty() ? null : KafkaSendAction.headers(headers, session));
  }

  private static Long toLong(Object v, String what) {
    if (v == null) {
      return null;
    }
    if (v instanceof Number) {
      return ((Number) v).longValue();
    }
    try {
      return Long.valueOf(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new SessionValue.Unresolved(what + " '" + v + "' is not a whole number");
    }
  }
}
