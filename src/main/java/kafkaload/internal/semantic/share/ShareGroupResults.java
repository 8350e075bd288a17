package kafkaload.internal.semantic.share;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.verification.Reconciliation;

/**
 * One share group (KIP-932) of a run, as its share consumers saw it: what they acquired and how
 * each record was settled (accepted, released, rejected: counted when the broker confirmed the
 * acknowledgement), redeliveries by delivery count, records archived after the delivery limit,
 * latencies, each consumer's share of the work, the group's lag over time, and the reconciliation
 * of the run's produced records by identity.
 *
 * @param settings the group as the run set it up
 * @param lockDurationMs the acquisition lock the consumers were given, or null when none said
 * @param deliveries what the consumers acquired and how each record was settled
 * @param latency the time to a confirmed ACCEPT and of the acknowledgement commits
 * @param work each consumer's share of the work, and the span of the group's accepts
 * @param groupLag the share group's lag over time and its verdict
 * @param reconciliation the run's produced records against what the group settled; null when
 *     records carry no run identity (and on an injector of a distributed run: the merge reconciles)
 * @param injectors a merged run's group: how many injectors' consumers it merges (their rows in
 *     {@code perConsumer} name each one's injector); null for one injector's group
 */
public record ShareGroupResults(
    @JsonUnwrapped Settings settings,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer lockDurationMs,
    @JsonUnwrapped Deliveries deliveries,
    @JsonUnwrapped Latency latency,
    @JsonUnwrapped Work work,
    @JsonUnwrapped GroupLag groupLag,
    @JsonInclude(JsonInclude.Include.NON_NULL) Reconciliation reconciliation,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer injectors) {

  /**
   * The group as the run set it up.
   *
   * @param request the request name of the share-consume action
   * @param acknowledgement share.acknowledgement.mode: implicit or explicit
   * @param requestPerPoll true: Gatling got one request per poll ("request poll"); false: one per
   *     accepted record ("request accept")
   * @param commitSync true: each poll's acknowledgements committed with commitSync (timed in {@code
   *     ackCommitMs}); false: sent with the next poll, nothing timed
   * @param groupConfig the group configs the run set (Kafka's names)
   */
  @RecordBuilder
  public record Settings(
      String request,
      String topic,
      String group,
      String acknowledgement,
      boolean requestPerPoll,
      boolean commitSync,
      int consumers,
      int partitions,
      Map<String, String> groupConfig)
      implements ShareGroupResultsSettingsBuilder.With {
    public Settings {
      groupConfig = groupConfig == null ? null : Map.copyOf(groupConfig);
    }
  }

  /**
   * What the consumers acquired and how each record was settled (counted when the broker confirmed
   * the acknowledgement).
   *
   * @param acquired deliveries to the consumers (a record delivered three times counts three)
   * @param polls the consumers' polls that delivered records (acquired / polls: records per poll)
   * @param redelivered deliveries with a delivery count above 1
   * @param archived records archived after the delivery limit
   * @param ackRefused acknowledgements the broker refused (the lock had expired, the record went to
   *     another consumer or was archived): the work on them was done in vain
   * @param renewed record locks the broker renewed for a consumer still working on them
   *     (AcknowledgeType.RENEW, with renewLocks; a record renewed twice counts twice)
   * @param deliveryCounts deliveries per delivery count (1 = first delivery)
   */
  public record Deliveries(
      long acquired,
      long polls,
      long accepted,
      long released,
      long rejected,
      long redelivered,
      long archived,
      long ackRefused,
      long renewed,
      Map<Integer, Long> deliveryCounts) {}

  /**
   * The group's latencies.
   *
   * @param endToEndMs from the record's produce timestamp to the broker confirming its ACCEPT
   * @param ackCommitMs the acknowledgement commits (commitSync), each a request of its own
   * @param endToEndHistogram {@code endToEndMs} as a histogram (microseconds), HdrHistogram's
   *     compressed form in base64: a merge adds them up for exact percentiles
   * @param ackCommitHistogram as above, of {@code ackCommitMs}
   */
  public record Latency(
      Percentiles endToEndMs,
      Percentiles ackCommitMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) String endToEndHistogram,
      @JsonInclude(JsonInclude.Include.NON_NULL) String ackCommitHistogram) {}

  /**
   * Each consumer's share of the work.
   *
   * @param acceptedPerSecSpreadPct the coefficient of variation of the consumers' accept rates, in
   *     % (0: the work was shared evenly)
   * @param firstAcceptMillis the group's first confirmed ACCEPT (epoch ms); null before any
   * @param lastAcceptMillis the group's last confirmed ACCEPT (epoch ms): with the first, the span
   *     a merge rates every injector's consumers over
   */
  public record Work(
      List<ShareConsumer> perConsumer,
      Double acceptedPerSecSpreadPct,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long firstAcceptMillis,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long lastAcceptMillis) {}

  /**
   * The share group's lag.
   *
   * @param lag records not yet settled over time, from the admin API
   * @param lagVerdict rising and drained, as for consumer groups; null when no sample was taken
   */
  public record GroupLag(
      List<ProtocolResults.LagPoint> lag,
      @JsonInclude(JsonInclude.Include.NON_NULL) LagVerdict lagVerdict) {}

  /** One share consumer: counts, span, rate over the group's span, work per record, injector. */
  @RecordBuilder
  public record ShareConsumer(
      int index,
      long acquired,
      long accepted,
      long ackRefused,
      double seconds,
      Double acceptedPerSec,
      long processingMsPerRecord,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer injector)
      implements ShareGroupResultsShareConsumerBuilder.With {}

  /**
   * The lag verdict: highest lag, slope over the load's last part (records/s), rising when above
   * the bound, and the lag at the end (0: drained; null: not read, as is an old -1).
   */
  public record LagVerdict(long maxLag, double slopePerSecond, boolean rising, Long lagAtEnd) {
    public LagVerdict {
      lagAtEnd = lagAtEnd != null && lagAtEnd < 0 ? null : lagAtEnd;
    }

    public boolean drained() {
      return lagAtEnd != null && lagAtEnd == 0;
    }
  }

  /**
   * Produced records (acked, not KO'd) against the group's outcomes by identity: accepted once,
   * more than once (shown, not hidden), rejected, archived, missing. {@code processedTwice}:
   * ACCEPTs refused after lock expiry, redone elsewhere; {@code otherRuns} apart; {@code ok}:
   * nothing missing.
   */
  public record Reconciliation(
      long produced,
      long acceptedOnce,
      long acceptedTwice,
      long rejected,
      long archived,
      long missing,
      long processedTwice,
      long otherRuns,
      List<Long> missingSample,
      boolean ok) {}
}
