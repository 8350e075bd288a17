package kafkaload.internal.semantic.backlog;

import java.util.List;
import kafkaload.internal.results.Percentiles;

/**
 * A backlog build-and-drain ({@code backlog} in a protocol's results); null where a figure was not
 * measured. Seconds count from the pause. Bytes are estimated: lag records × {@code recordSize}
 * (the value size; keys, headers and framing not counted).
 *
 * @param request the request name; its verdict is {@code "<request> drained"}
 * @param pausedBy {@code hooks} (the echo service, in this JVM) or {@code commands} (shell commands
 *     of the user's)
 * @param resumedAtSecond when the group was resumed: the build took this long; null when the
 *     backlog was never built
 * @param drainedAtSecond when the lag first read at or under {@code drainTargetRecords}; null when
 *     it did not within {@code maxDrainSeconds}
 * @param drainSeconds from the resume to the drain
 * @param catchUp rates over the catch-up (resume to drain, or to the bound)
 * @param ackBuildMs the producers' ack latency while the backlog built ({@code "<request> send"})
 * @param ackCatchUpMs their ack latency during the catch-up ({@code "<request> send catch-up"})
 * @param e2eCatchUpMs the replies' end-to-end latency during the catch-up, from the request's
 *     timestamp ({@code "<request> e2e catch-up"}); null without a reply topic
 * @param verdict null when drained, else the KO's reason (with the lag left)
 */
public record BacklogFigures(
    String request,
    String topic,
    String group,
    String pausedBy,
    int ratePerSec,
    int recordSize,
    long targetBytes,
    long targetRecords,
    double drainRatio,
    int maxBuildSeconds,
    int maxDrainSeconds,
    Double resumedAtSecond,
    Long peakLagRecords,
    Long peakLagBytes,
    Long drainTargetRecords,
    Double drainedAtSecond,
    Double drainSeconds,
    Long lagLeftRecords,
    Long lagLeftBytes,
    Rates catchUp,
    Records records,
    Percentiles ackBuildMs,
    Percentiles ackCatchUpMs,
    Percentiles e2eCatchUpMs,
    boolean drained,
    String verdict,
    List<Sample> samples) {

  /**
   * Records a second during the catch-up: produced to the topic, consumed (committed) by the group,
   * and the catch-up, consumed minus produced.
   */
  public record Rates(double producedPerSec, double consumedPerSec, double catchUpPerSec) {}

  /** The producers' records: sent, acked and failed; replies read during the catch-up. */
  public record Records(long sent, long acked, long failed, long repliesRead) {}

  /** One reading a second: the phase ({@code build}, {@code catch-up}), rates and lag. */
  public record Sample(
      double second, String phase, double producedPerSec, double consumedPerSec, long lag) {}
}
