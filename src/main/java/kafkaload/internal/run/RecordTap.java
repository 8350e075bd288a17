package kafkaload.internal.run;

import java.util.Map;
import org.apache.kafka.common.header.Headers;

/**
 * A semantic's part in every record's path, in the manner of Kafka's producer and consumer
 * interceptors: it may stamp headers of its own on each record sent, and it sees each record's
 * events (sent, answered, read back, replied), with the record's headers where it needs them.
 * Registered with {@link RunLedger#tap}; called on the sending, I/O and reading threads, so it is
 * cheap and thread-safe.
 */
public interface RecordTap {
  /**
   * Where this tap stamps among those that do, lower first (equal ones in the order registered), as
   * Kafka runs its interceptors in the order listed.
   */
  default int stampOrder() {
    return 0;
  }

  /**
   * A record about to be sent, after the run identity: adds headers of its own, if any. A header
   * already there (the simulation's own) is the simulation's. Called on the sending threads.
   */
  default void stamp(Headers headers) {}

  /** A record handed to the producer: its serialized key and value, either may be null. */
  default void sent(byte[] key, byte[] value) {}

  /**
   * The broker's answer to a record sent: acked when {@code error} is null, else failed; {@code
   * partition} -1 when none was assigned; {@code sentMillis} when its send started and {@code
   * atMillis} when the answer came (epoch ms). Called on the producers' I/O threads.
   */
  default void answered(
      String topic, int partition, long sentMillis, long atMillis, Exception error) {}

  /**
   * A record a consume read back and checked, for request {@code request}: its headers, when it was
   * produced and read (epoch ms), whether it passed the checks.
   */
  default void read(
      String request, Headers headers, long producedMillis, long readMillis, boolean ok) {}

  /**
   * A request-reply's outcome: the request's headers, the reply's (null when none came), when the
   * request was sent and when it ended (epoch ms), whether it was OK.
   */
  default void replied(
      String request, Headers sent, Headers reply, long sentMillis, long endMillis, boolean ok) {}

  /**
   * A record handed to the producer {@code delayMicros} after it was meant to be sent (OMB's
   * publish delay). Called on the sending threads.
   */
  default void publishDelayed(long delayMicros) {}

  /**
   * A record acked {@code latencyMicros} after send() was called; on the producers' I/O threads.
   */
  default void ackedAfter(long latencyMicros) {}

  /**
   * A record of the run read by a subscription's consumer ({@code e2eMicros} from its timestamp,
   * below 0 when not timed); on the consumers' threads.
   */
  default void consumed(long e2eMicros) {}

  /** The producers' metrics (combined as one producer's) when the run's results are made. */
  default void producerMetrics(Map<String, Double> metrics) {}
}
