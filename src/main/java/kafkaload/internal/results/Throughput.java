package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;

/**
 * What a protocol sent: acked, failed and still in flight at the end, bytes, the rate over the span
 * from the first ack to the last (null rates with fewer than two acks), per request name, time
 * inside producer.send, sends taken off the event loop, late replies, and the peak of concurrent
 * users. The groups are written flat.
 */
public record Throughput(
    long ackedOk,
    long failed,
    long inFlightAtEnd,
    long ackedBytes,
    @JsonUnwrapped AckRate rate,
    Map<String, RequestThroughput> byRequest,
    @JsonUnwrapped SendPath sendPath,
    long lateReplies,
    long peakConcurrentUsers) {

  /** Records and bytes per second. */
  public record Rate(Double msgsPerSec, Double mbPerSec) {}

  /**
   * The rate over the span from the first ack to the last.
   *
   * @param firstAckMillis the span's ends (epoch ms), so a merge can measure the rate over all
   *     injectors; null without acks
   * @param overUnionSpan a merged run's rate over the union span (first ack of any injector to the
   *     last of any); {@code msgsPerSec} is then the injectors' own rates added up. Null for one
   *     injector.
   */
  public record AckRate(
      double firstToLastAckSeconds,
      Double msgsPerSec,
      Double mbPerSec,
      Long firstAckMillis,
      Long lastAckMillis,
      @JsonInclude(JsonInclude.Include.NON_NULL) Rate overUnionSpan) {}

  /** Time inside producer.send (all of it, and the longest), and sends taken off the event loop. */
  public record SendPath(
      double sendBlockedMsTotal, double sendBlockedMsMax, long sendsOffTheEventLoop) {}

  /** One request name's acks: records, bytes and their rate over its own first-to-last ack. */
  public record RequestThroughput(long acked, long bytes, @JsonUnwrapped AckRate rate) {}

  /**
   * The rate of {@code count} records and {@code bytes} between a first and a last ack (epoch ms),
   * without a union span.
   */
  public static AckRate span(long count, long bytes, long firstMillis, long lastMillis) {
    double seconds = count < 2 ? 0 : (lastMillis - firstMillis) / 1000.0;
    return new AckRate(
        seconds,
        seconds > 0 ? count / seconds : null,
        seconds > 0 ? bytes / seconds / 1_048_576.0 : null,
        count > 0 ? firstMillis : null,
        count > 0 ? lastMillis : null,
        null);
  }
}
