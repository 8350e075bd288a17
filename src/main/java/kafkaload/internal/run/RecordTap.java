package kafkaload.internal.run;

import java.util.Map;

/**
 * A semantic's view of every record sent (the traffic's keys and sizes; the sampled records' trace
 * context), registered with {@link RunLedger#tap}: called on the sending threads, so it is cheap
 * and thread-safe.
 */
public interface RecordTap {
  /** A record handed to the producer: its serialized key and value, either may be null. */
  void sent(byte[] key, byte[] value);

  /** A record handed to the producer with a {@link TraceContext} (it was sampled). */
  default void traceSent() {}

  /** A sampled record's outcome, read back by a request-reply or a consume. */
  default void traced(TracedRecord record) {}

  /**
   * The broker's answer to a record sent: acked when {@code error} is null, else failed; {@code
   * partition} -1 when none was assigned; {@code sentMillis} when its send started and {@code
   * atMillis} when the answer came (epoch ms). Called on the producers' I/O threads.
   */
  default void answered(
      String topic, int partition, long sentMillis, long atMillis, Exception error) {}

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
