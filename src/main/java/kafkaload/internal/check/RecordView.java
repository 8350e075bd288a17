package kafkaload.internal.check;

import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;

/**
 * A source of a record other than its value, seen as the value of a record of its own, so that
 * every check on a value (bodyString, jsonPath, regex...) applies to it unchanged.
 *
 * @param name how check messages name the source, e.g. {@code key} or {@code header(trace)}
 * @param bytes the source's bytes in a record, empty when the record has none
 */
public record RecordView(
    String name, Function<ConsumerRecord<byte[], byte[]>, Optional<byte[]>> bytes) {

  /** The record's key. */
  public static RecordView key() {
    return new RecordView("key", r -> Optional.ofNullable(r.key()));
  }

  /** The last value of this header (Kafka's {@code lastHeader}). */
  public static RecordView header(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a header check needs a header name, got '" + name + "'");
    }
    return new RecordView(
        "header(" + name + ")",
        r -> Optional.ofNullable(r.headers().lastHeader(name)).map(Header::value));
  }

  /** The record whose value is this source's bytes, or empty when the record has none. */
  Optional<ConsumerRecord<byte[], byte[]>> of(ConsumerRecord<byte[], byte[]> r) {
    return bytes
        .apply(r)
        .map(
            b ->
                new ConsumerRecord<>(
                    r.topic(),
                    r.partition(),
                    r.offset(),
                    r.timestamp(),
                    r.timestampType() == null ? TimestampType.NO_TIMESTAMP_TYPE : r.timestampType(),
                    -1,
                    b.length,
                    r.key(),
                    b,
                    new RecordHeaders(r.headers().toArray()),
                    Optional.empty()));
  }
}
