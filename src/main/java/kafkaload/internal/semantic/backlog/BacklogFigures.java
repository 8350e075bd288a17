package kafkaload.internal.semantic.backlog;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import kafkaload.internal.results.Percentiles;

/**
 * A backlog build-and-drain ({@code backlog} in a protocol's results); null where a figure was not
 * measured. Seconds count from the pause. Bytes are estimated: lag records × {@code recordSize}
 * (the value size; keys, headers and framing not counted).
 *
 * @param request the request name; its verdict is {@code "<request> drained"}
 * @param plan the backlog asked for: rate, size, target, bounds
 * @param build the backlog as it built, to its peak
 * @param drain the catch-up's end: drained or not, and the lag left
 * @param catchUp rates over the catch-up (resume to drain, or to the bound)
 * @param latency the producers' and the replies' latency in each phase
 */
public record BacklogFigures(
    String request,
    String topic,
    String group,
    @JsonUnwrapped Plan plan,
    @JsonUnwrapped Build build,
    @JsonUnwrapped Drain drain,
    BacklogMath.Rates catchUp,
    Records records,
    @JsonUnwrapped Latency latency,
    List<Sample> samples) {

  /**
   * The backlog asked for.
   *
   * @param pausedBy {@code hooks} (the echo service, in this JVM) or {@code commands} (shell
   *     commands of the user's)
   */
  public record Plan(
      String pausedBy,
      int ratePerSec,
      int recordSize,
      long targetBytes,
      long targetRecords,
      double drainRatio,
      int maxBuildSeconds,
      int maxDrainSeconds) {}

  /**
   * The backlog as it built.
   *
   * @param resumedAtSecond when the group was resumed: the build took this long; null when the
   *     backlog was never built
   */
  public record Build(Double resumedAtSecond, Long peakLagRecords, Long peakLagBytes) {}

  /**
   * The drain.
   *
   * @param drainedAtSecond when the lag first read at or under {@code drainTargetRecords}; null
   *     when it did not within {@code maxDrainSeconds}
   * @param drainSeconds from the resume to the drain
   * @param verdict null when drained, else the KO's reason (with the lag left)
   */
  public record Drain(
      Long drainTargetRecords,
      Double drainedAtSecond,
      Double drainSeconds,
      Long lagLeftRecords,
      Long lagLeftBytes,
      boolean drained,
      String verdict) {}

  /**
   * Latency by phase.
   *
   * @param ackBuildMs the producers' ack latency while the backlog built ({@code "<request> send"})
   * @param ackCatchUpMs their ack latency during the catch-up ({@code "<request> send catch-up"})
   * @param e2eCatchUpMs the replies' end-to-end latency during the catch-up, from the request's
   *     timestamp ({@code "<request> e2e catch-up"}); null without a reply topic
   */
  public record Latency(
      Percentiles ackBuildMs, Percentiles ackCatchUpMs, Percentiles e2eCatchUpMs) {}

  /** The producers' records: sent, acked and failed; replies read during the catch-up. */
  public record Records(long sent, long acked, long failed, long repliesRead) {}

  /** One reading a second: the phase ({@code build}, {@code catch-up}), rates and lag. */
  public record Sample(
      double second, String phase, double producedPerSec, double consumedPerSec, long lag) {}
}
