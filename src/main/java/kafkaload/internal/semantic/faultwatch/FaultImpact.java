package kafkaload.internal.semantic.faultwatch;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The {@code faultImpact} section of a protocol's results: what each broker fault of the run cost.
 * Times are seconds after the start of the load, as the faults' own ({@code faults}).
 *
 * @param faults each fault, in the order they were done
 * @param lostPerRun acked records the reconciliation did not find, over the whole run (the
 *     reconciliation does not tell the faults apart); null when none ran
 * @param duplicatesPerRun records found more than once, over the whole run; null as above
 * @param resolutionMs an unavailability shorter than this shows as 0: acks closer together than
 *     this are not told apart
 * @param metadataPolls the cluster's metadata read (describeTopics), every {@link
 *     MetadataWatcher#POLL_MS} ms from the load's start; a leader or ISR change is seen within that
 * @param metadataErrors reads that failed (a broker down may make one time out)
 * @param lastMetadataError the last failure's reason; null when none
 */
@RecordBuilder
public record FaultImpact(
    List<Fault> faults,
    Long lostPerRun,
    Long duplicatesPerRun,
    long resolutionMs,
    long metadataPolls,
    long metadataErrors,
    String lastMetadataError)
    implements FaultImpactBuilder.With {

  /**
   * One fault and what it cost.
   *
   * @param step the planned step, for example "kill:2@8s"
   * @param request its Gatling request, for example "fault: kill broker 2"
   * @param broker the broker it was done to
   * @param ok whether it was done as planned
   * @param timing when it was done, healed, and when its effect ended
   * @param unavailability its affected partitions' unavailability
   * @param metadata its leader and ISR changes
   * @param kos KOs of records sent in its window
   * @param kosByReason those KOs by the exception's name
   * @param ackLatency the ack latency during the fault and after its recovery
   */
  public record Fault(
      String step,
      String request,
      int broker,
      boolean ok,
      @JsonUnwrapped Timing timing,
      @JsonUnwrapped Unavailability unavailability,
      @JsonUnwrapped MetadataChanges metadata,
      long kos,
      Map<String, Long> kosByReason,
      @JsonUnwrapped AckLatency ackLatency) {}

  /**
   * When a fault was done, and its window.
   *
   * @param atSeconds when it was done
   * @param healedAtSeconds when a fault with a duration was undone; null for a kill, stop or start
   * @param attributedUntilSeconds the end of its window: healed (or done, for an instant fault)
   *     plus {@link FaultAnalysis#GRACE_MS}; leader and ISR changes and KOs up to it are its own,
   *     unless a later fault began before them
   * @param recoveredAtSeconds the end of its effect: healed, else the last affected partition's
   *     first ack after it (the window's end when one never came); at least 1 s after it
   */
  public record Timing(
      double atSeconds,
      Double healedAtSeconds,
      double attributedUntilSeconds,
      double recoveredAtSeconds) {}

  /**
   * A fault's affected partitions.
   *
   * @param worstWindowMs the longest unavailability of its affected partitions; null when none was
   *     affected or none had an ack after it
   * @param worstPartition the partition of the longest ("topic-0"); null as above
   * @param unrecovered affected partitions with no ack after the fault
   * @param windows each affected partition's unavailability
   */
  public record Unavailability(
      Long worstWindowMs, String worstPartition, int unrecovered, List<Window> windows) {
    /** The figures of these windows: the longest (the first of equals), those with no ack. */
    static Unavailability of(List<Window> windows) {
      Window worst = null;
      int unrecovered = 0;
      for (Window w : windows) {
        if (w.windowMs() == null) {
          unrecovered++;
        } else if (worst == null || w.windowMs() > worst.windowMs()) {
          worst = w;
        }
      }
      return new Unavailability(
          worst == null ? null : worst.windowMs(),
          worst == null ? null : new TopicPartition(worst.topic(), worst.partition()).toString(),
          unrecovered,
          windows);
    }
  }

  /**
   * A fault's leader and ISR changes.
   *
   * @param elections its leader changes (to -1: no leader)
   * @param isrChanges its ISR changes
   * @param isrShrinks ISR changes that removed a replica
   * @param isrExpansions ISR changes that added one
   */
  public record MetadataChanges(
      List<Change> elections, List<Change> isrChanges, int isrShrinks, int isrExpansions) {
    /** These changes, their ISR shrinks and expansions counted. */
    static MetadataChanges of(List<Change> elections, List<Change> isr) {
      return new MetadataChanges(
          elections,
          isr,
          (int) isr.stream().filter(c -> !c.after().containsAll(c.before())).count(),
          (int) isr.stream().filter(c -> !c.before().containsAll(c.after())).count());
    }
  }

  /**
   * The ack latency around a fault.
   *
   * @param ackP99MsDuring the highest per-second ack latency p99 (the timeline's) from the fault to
   *     its recovery (healed, or the last affected partition's first ack); null when no second had
   *     acks
   * @param ackP99MsAfter the same over the {@link FaultAnalysis#AFTER_MS} ms after the recovery
   * @param ackMaxMsDuring the highest ack latency from the fault to its recovery (a few sends
   *     caught by a fault may wait its whole window, which a second's p99 does not show)
   * @param ackMaxMsAfter the same over the {@link FaultAnalysis#AFTER_MS} ms after the recovery
   */
  public record AckLatency(
      Double ackP99MsDuring, Double ackP99MsAfter, Double ackMaxMsDuring, Double ackMaxMsAfter) {}

  /**
   * A partition's unavailability after a fault: from the fault to its first ack after it.
   *
   * @param cause why it counts: "leader" (the faulted broker led it when the fault began), "failed
   *     sends" (sends to it failed in the fault's window), "stalled" (its acks, flowing just
   *     before, stopped for {@link FaultAnalysis#STALL_MS} ms or more), joined by ", "
   * @param windowMs from the fault to that ack; null when no ack came after it
   * @param firstAckSeconds when that ack came; null as above
   */
  @RecordBuilder
  public record Window(
      String topic, int partition, String cause, Long windowMs, Double firstAckSeconds)
      implements FaultImpactWindowBuilder.With {}

  /**
   * A leader or ISR change of a partition, as the metadata watcher saw it.
   *
   * @param before the leader (one id, -1 for none) or the ISR before
   * @param after the same after
   */
  public record Change(
      double atSeconds, String topic, int partition, List<Integer> before, List<Integer> after) {}
}
