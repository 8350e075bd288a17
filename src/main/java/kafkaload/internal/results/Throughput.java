package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * What a protocol sent: acked, failed and still in flight at the end, bytes, the rate over the span
 * from the first ack to the last (null rates with fewer than two acks), per request name, time
 * inside producer.send, sends taken off the event loop, late replies, and the peak of concurrent
 * users.
 *
 * @param firstAckMillis the span's ends (epoch ms), so a merge can measure the rate over all
 *     injectors; null without acks
 * @param overUnionSpan a merged run's rate over the union span (first ack of any injector to the
 *     last of any); {@code msgsPerSec} is then the injectors' own rates added up. Null for one
 *     injector.
 */
public record Throughput(
    long ackedOk,
    long failed,
    long inFlightAtEnd,
    long ackedBytes,
    double firstToLastAckSeconds,
    Double msgsPerSec,
    Double mbPerSec,
    Long firstAckMillis,
    Long lastAckMillis,
    @JsonInclude(JsonInclude.Include.NON_NULL) Rate overUnionSpan,
    Map<String, RequestThroughput> byRequest,
    double sendBlockedMsTotal,
    double sendBlockedMsMax,
    long sendsOffTheEventLoop,
    long lateReplies,
    long peakConcurrentUsers) {

  /** Records and bytes per second. */
  public record Rate(Double msgsPerSec, Double mbPerSec) {}

  /** One request name's acks: records, bytes and their rate over its own first-to-last ack. */
  public record RequestThroughput(
      long acked,
      long bytes,
      double firstToLastAckSeconds,
      Double msgsPerSec,
      Double mbPerSec,
      Long firstAckMillis,
      Long lastAckMillis,
      @JsonInclude(JsonInclude.Include.NON_NULL) Rate overUnionSpan) {}

  /**
   * The rate of {@code count} records and {@code bytes} between a first and a last ack (epoch ms).
   */
  public static Spans span(long count, long bytes, long firstMillis, long lastMillis) {
    double seconds = count < 2 ? 0 : (lastMillis - firstMillis) / 1000.0;
    return new Spans(
        seconds,
        seconds > 0 ? count / seconds : null,
        seconds > 0 ? bytes / seconds / 1_048_576.0 : null,
        count > 0 ? firstMillis : null,
        count > 0 ? lastMillis : null);
  }

  /** A first-to-last-ack span and the rate over it. */
  public record Spans(
      double seconds,
      Double msgsPerSec,
      Double mbPerSec,
      Long firstAckMillis,
      Long lastAckMillis) {}
}
