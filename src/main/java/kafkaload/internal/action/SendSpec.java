package kafkaload.internal.action;

import io.gatling.core.session.Session;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Bytes;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.schema.SchemaValueSpec;
import kafkaload.internal.schema.TopicValue;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * Everything a send needs to build its record from a session; immutable, every {@code with…}
 * returns a copy with one small part replaced.
 *
 * @param topic the topic, or null for the protocol's default topic
 * @param partition the partition, or null to let the partitioner choose
 * @param key the key, or null for none
 * @param timestamp the timestamp in epoch ms, or null for the producer's send time
 * @param burst records sent at once per execution of the action (1 unless {@code burst(n)})
 * @param silent its OK results stay out of Gatling's stats (a warm-up); its KOs are logged
 */
@RecordBuilder
public record SendSpec(
    String requestName,
    SessionValue<String> topic,
    SessionValue<?> partition,
    SessionValue<byte[]> key,
    SessionValue<byte[]> value,
    List<HeaderSpec> headers,
    SessionValue<?> timestamp,
    boolean fireAndForget,
    int burst,
    boolean silent)
    implements SendSpecBuilder.With {

  /** Appended to fire-and-forget sends' request names: no report passes them off as ack latency. */
  public static final String FIRE_AND_FORGET_SUFFIX = " [fire-and-forget, not ack-timed]";

  /**
   * A header, or (name and value null) the headers a function returns per record ({@code
   * headersOf}).
   */
  public record HeaderSpec(
      String name, SessionValue<byte[]> value, SessionValue<? extends Iterable<Header>> many) {
    public HeaderSpec(String name, SessionValue<byte[]> value) {
      this(name, value, null);
    }

    /** Every header the function returns for the session, on every send. */
    public static HeaderSpec headersOf(SessionValue<? extends Iterable<Header>> headers) {
      return new HeaderSpec(null, null, headers);
    }
  }

  /** A send of this value without a key to the protocol's topic. */
  public static SendSpec of(String requestName, SessionValue<byte[]> value) {
    return new SendSpec(requestName, null, null, null, value, List.of(), null, false, 1, false);
  }

  /** A value as sent: String as EL, a function per record, byte[] as is, anything else as JSON. */
  @SuppressWarnings("unchecked")
  public static SessionValue<byte[]> bytes(Object v) {
    return v instanceof String s
        ? Bytes.el(s)
        : v instanceof Function f
            ? Bytes.function((Function<io.gatling.javaapi.core.Session, ?>) f)
            : Bytes.constant(v);
  }

  public SendSpec withHeader(HeaderSpec h) {
    return withHeaders(Stream.concat(headers.stream(), Stream.of(h)).toList());
  }

  public boolean hasHeader(String name) {
    return headers().stream().anyMatch(h -> name.equals(h.name()));
  }

  /** The name the report shows: fire-and-forget sends carry {@link #FIRE_AND_FORGET_SUFFIX}. */
  String reportedName() {
    return fireAndForget() ? requestName + FIRE_AND_FORGET_SUFFIX : requestName;
  }

  /** The send as it runs: default topic filled in, reported name; refused without a topic. */
  public SendSpec resolved(String defaultTopic) {
    return resolvedOver(defaultTopic == null ? null : SessionValue.constant(defaultTopic));
  }

  /** As {@link #resolved(String)}, the default topic per record (many topics, round robin). */
  public SendSpec resolvedOver(SessionValue<String> defaultTopic) {
    if (topic == null && defaultTopic == null) {
      throw new KafkaLoadConfigException(
          "Send '%s' has no topic: set kafka().topic(\"...\") or .topic(\"...\") on the send"
              .formatted(requestName));
    }
    return withRequestName(reportedName()).withTopic(topic != null ? topic : defaultTopic);
  }

  public ProducerRecord<byte[], byte[]> record(Session session) {
    String t = topic.resolve(session);
    if (t == null || t.isEmpty()) {
      throw new SessionValue.Unresolved(
          "no topic: set kafka().topic(..) or .topic(..) on the send");
    }
    Long p = partition == null ? null : toLong(partition.resolve(session), "partition");
    Long ts = timestamp == null ? null : toLong(timestamp.resolve(session), "timestamp");
    return new ProducerRecord<>(
        t,
        p == null ? null : Math.toIntExact(p),
        ts,
        key() == null ? null : bytes(key(), session, t),
        bytes(value(), session, t),
        headers().isEmpty() ? null : headers(session));
  }

  /** A schema value's subject is named from the topic, so it is encoded knowing it. */
  private static byte[] bytes(SessionValue<byte[]> v, Session session, String topic) {
    return v instanceof TopicValue tv ? tv.encode(session, topic) : v.resolve(session);
  }

  /** The send with its schema values bound to the registry, checked before the load. */
  public SendSpec withSchemas(KafkaComponents c) {
    SchemaValueSpec k = key() instanceof SchemaValueSpec spec ? spec : null;
    SchemaValueSpec v = value() instanceof SchemaValueSpec spec ? spec : null;
    if (k == null && v == null) {
      return this;
    }
    String t = constantTopic();
    SchemaContext schemas = c.schemas();
    LongConsumer timer = c.ledger().schemas()::serialized;
    // Both files and templates checked before the registry hears of either.
    if (k != null) {
      schemas.check(k, true, requestName);
    }
    if (v != null) {
      schemas.check(v, false, requestName);
    }
    return withKey(k == null ? key : schemas.bind(k, true, t, requestName, timer))
        .withValue(v == null ? value : schemas.bind(v, false, t, requestName, timer));
  }

  /** The topic when constant (resolved without a session), else null: known at the first send. */
  private String constantTopic() {
    try {
      return topic.resolve(null);
    } catch (RuntimeException e) {
      return null; // EL or a function: it needs a session
    }
  }

  private List<Header> headers(Session session) {
    List<Header> out = new ArrayList<>(headers().size());
    for (HeaderSpec h : headers()) {
      if (h.many() == null) {
        out.add(new RecordHeader(h.name(), h.value().resolve(session)));
      } else {
        Iterable<Header> many = h.many().resolve(session);
        if (many != null) {
          many.forEach(out::add);
        }
      }
    }
    return out;
  }

  private static Long toLong(Object v, String what) {
    if (v == null) {
      return null;
    }
    if (v instanceof Number n) {
      return n.longValue();
    }
    try {
      return Long.valueOf(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new SessionValue.Unresolved(what + " '" + v + "' is not a whole number");
    }
  }
}
