package kafkaload.internal.semantic.capacity;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import kafkaload.internal.results.Percentiles;

/**
 * One judged plateau of the search, over every injector: a row of the Kafka page's table and a
 * point of its latency-throughput curve. The latencies are written flat.
 *
 * @param kind WARM_UP, RAMP, DESCEND, BISECT or CONFIRM
 * @param targetMsgsPerSec the rate asked for
 * @param achievedMsgsPerSec records acked inside the plateau's ack window (see PlateauRun), per
 *     second
 * @param latencies its acks', its end-to-end consumer's and its sends' start latency
 * @param injectorCpuPct the busiest injector process's mean CPU, % of its machine; null when not
 *     sampled
 * @param counts its records' fate
 * @param verdict passed, or the gates it failed, and whether an injector was the limit
 */
public record PlateauFigures(
    int index,
    String kind,
    double targetMsgsPerSec,
    int seconds,
    double achievedMsgsPerSec,
    @JsonUnwrapped Latencies latencies,
    Double injectorCpuPct,
    Counts counts,
    Verdict verdict) {

  /**
   * A plateau's latencies.
   *
   * @param ackLatency send to ack, of every record sent in the plateau (an unacked one counts at
   *     the time waited for it)
   * @param endToEnd send to read by the end-to-end consumer (capacity.e2eP99Ms), an unread record
   *     at the time waited for it; null without one
   * @param publishDelayP99Ms the worst injector's p99 of sends starting later than planned
   */
  public record Latencies(Percentiles ackLatency, Percentiles endToEnd, double publishDelayP99Ms) {}

  /** What became of the plateau's records; {@code bytes}: their keys and values. */
  public record Counts(long sent, long acked, long failed, long unacked, long bytes) {}

  /**
   * @param failures one line per gate it failed (empty when it passed)
   * @param injectorLimit why an injector, not the cluster, may have been the limit; null when none
   */
  public record Verdict(boolean passed, List<String> failures, String injectorLimit) {}

  boolean judged() {
    return !kind.equals(Search.Kind.WARM_UP.name());
  }
}
