package kafkaload.internal.semantic.share;

import io.gatling.core.session.Session;
import java.util.List;
import java.util.Set;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.verification.LagMonitor;

/** When the last share consumer stopped: lag verdict, reconciliation, then the console block. */
final class ShareGroupEnd {
  private ShareGroupEnd() {}

  /** What the lag verdict found. */
  record Lag(ShareGroupResults.LagVerdict verdict, String koMessage) {}

  /** {@code lagAtEnd}: the group's lag once the consumers stopped, null when unread. */
  static void finish(ShareConsumer.Group g, Session session, Long lagAtEnd) {
    ShareConsumeSpec spec = g.spec();
    ShareCounters counters = g.counters();
    Lag lag = lagVerdict(counters.lagSamples(), spec.timing().during().toNanos() / 1e9, lagAtEnd);
    counters.lagVerdict(lag.verdict());
    g.verdict(session, spec.requestName() + " lag", lag.koMessage());

    RunLedger ledger = g.components().ledger();
    String reconciled;
    boolean deferred = false;
    if (ledger.identity() == null) {
      reconciled = "not reconciled: records carry no run identity (runIdentity(false))";
    } else if (!ledger.delivery().ackedTopics().isEmpty()
        && !ledger.delivery().ackedTopics().equals(Set.of(spec.topic()))) {
      reconciled =
          "not reconciled by identity: the protocol sent to other topics too "
              + ledger.delivery().ackedTopics()
              + "; give the share topic's producers a protocol of their own";
    } else if (ledger.injector().distributed()) {
      // The group is shared by every injector: a record produced here may be accepted on another.
      // The merge reconciles every injector's records against every injector's outcomes
      // (ShareCounters.records() in this injector's summary) and logs the verdict.
      deferred = true;
      counters.leaveToMerge();
      reconciled =
          "left to the merge of all injectors (their consumers share the group and each other's"
              + " records)";
    } else {
      reconciled =
          ShareOutcomes.verdict(
              counters.reconcile(
                  ledger.injector().sequenceStart(), ledger.sequencesIssued(), ledger.koLedger()));
    }
    if (!deferred) {
      g.verdict(session, spec.requestName() + " reconciled", reconciled);
    }
    ShareGroupPrinter.print(counters.results(), lag.verdict(), reconciled);
  }

  /**
   * The bound on the slope, records/s: the classic verdict's default ({@code -Dgate.lagMaxSlope}).
   * A window of a few 1 s samples of bursty producers swings by a burst or two while the consumers
   * keep up (a bound of 1 called such a sawtooth rising: 2.4 records/s, 8-record bursts, lag 0 at
   * the end).
   */
  static final double MAX_SLOPE = 10;

  /**
   * Rising as {@link LagMonitor#rising} says over the load's second half; not drained when the lag
   * at the end is not 0 (or could not be read: null).
   */
  static Lag lagVerdict(List<ProtocolResults.LagPoint> samples, double loadEnd, Long lagAtEnd) {
    List<LagMonitor.Sample> window =
        samples.stream()
            .filter(p -> p.second() <= loadEnd && p.second() >= loadEnd / 2)
            .map(p -> new LagMonitor.Sample(p.second(), p.totalLag()))
            .toList();
    double slope = LagMonitor.slope(window);
    boolean rising = LagMonitor.rising(window, slope, MAX_SLOPE);
    long maxLag =
        samples.stream()
            .mapToLong(ProtocolResults.LagPoint::totalLag)
            .max()
            .orElse(lagAtEnd == null ? 0 : lagAtEnd);
    String ko =
        rising
            ? "share-group lag rising: %.1f records/s over the load's second half".formatted(slope)
            : lagAtEnd == null
                ? "share-group lag could not be read at the end"
                : lagAtEnd != 0 ? "share-group lag " + lagAtEnd + " at the end: not drained" : null;
    return new Lag(new ShareGroupResults.LagVerdict(maxLag, slope, rising, lagAtEnd), ko);
  }
}
