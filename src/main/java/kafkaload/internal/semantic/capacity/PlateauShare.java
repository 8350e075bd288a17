package kafkaload.internal.semantic.capacity;

import kafkaload.internal.report.Histograms;
import org.HdrHistogram.Histogram;

/**
 * What one injector measured of one plateau: the figures every injector judges the plateau by
 * (exchanged between injectors in a distributed search).
 *
 * @param injector this injector's index (0 alone)
 * @param plateau the plateau's index in the search
 * @param counts what became of its records
 * @param timing its acks' latency and how late its sends started
 * @param endToEnd its end-to-end consumer's figures; null when this injector runs none
 * @param injectorCpuPct its process's mean CPU over the plateau, % of its machine; null when not
 *     sampled
 * @param firstError the first failure's reason; null when none failed
 * @param groupBehind the worst group under test after the plateau; null when there is none
 */
public record PlateauShare(
    int injector,
    int plateau,
    Counts counts,
    Timing timing,
    EndToEnd endToEnd,
    Double injectorCpuPct,
    String firstError,
    GroupLag.Behind groupBehind) {

  /**
   * What became of its records.
   *
   * @param ackedInWindow records acked inside the plateau's ack window (from its first ack)
   * @param skipped sends not made because the producer already held a buffer's worth of records
   * @param unacked records neither acked nor failed when the plateau was judged
   * @param bytes key and value bytes of what it sent
   */
  public record Counts(
      long sent,
      long acked,
      long failed,
      long ackedInWindow,
      long skipped,
      long unacked,
      long bytes) {

    /** These counts and {@code other}'s added up. */
    Counts plus(Counts other) {
      return new Counts(
          sent + other.sent,
          acked + other.acked,
          failed + other.failed,
          ackedInWindow + other.ackedInWindow,
          skipped + other.skipped,
          unacked + other.unacked,
          bytes + other.bytes);
    }
  }

  /**
   * Its acks' latency and how late its sends started.
   *
   * @param latencyMicros its acks' latency histogram (µs, HdrHistogram's compressed form, Base64)
   * @param publishDelayP99Ms p99 of how much later than planned its sends started
   * @param lateSends its sends that started later than planned by more than
   *     capacity.maxPublishDelayMs
   */
  public record Timing(String latencyMicros, double publishDelayP99Ms, long lateSends) {}

  /**
   * Its end-to-end consumer's figures.
   *
   * @param latencyMicros send to read, µs, as {@link Timing#latencyMicros}
   * @param behind records the consumer had not read when the plateau was judged
   */
  public record EndToEnd(String latencyMicros, long behind) {}

  Histogram latency() {
    return decode(timing.latencyMicros(), "latency");
  }

  /** Its end-to-end histogram; null without an end-to-end consumer. */
  Histogram e2eLatency() {
    return endToEnd == null ? null : decode(endToEnd.latencyMicros(), "end-to-end latency");
  }

  private Histogram decode(String encoded, String what) {
    try {
      return Histograms.decode(encoded);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("injector " + injector + "'s " + what + " histogram", e);
    }
  }
}
