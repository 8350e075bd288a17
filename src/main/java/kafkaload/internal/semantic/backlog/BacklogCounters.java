package kafkaload.internal.semantic.backlog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.results.Percentiles;
import org.HdrHistogram.Histogram;

/**
 * A backlog build-and-drain while it runs, kept in the protocol's ledger: the samples, the phases'
 * times, the peak and the lag left, the latencies (µs) and the producers' records. The runner
 * thread writes the phases and samples; the producer's I/O thread and the reply reader write the
 * latencies and counts.
 */
final class BacklogCounters {
  private BacklogSpec spec;
  private final List<BacklogFigures.Sample> samples = new ArrayList<>();
  private Double resumedAt;
  private long peakLag;
  private End end = RUNNING;
  private final Histogram ackBuild = new Histogram(3);
  private final Histogram ackCatchUp = new Histogram(3);
  private final Histogram e2eCatchUp = new Histogram(3);
  private final LongAdder sent = new LongAdder();
  private final LongAdder acked = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder replies = new LongAdder();

  /** A backlog starts; false when this protocol already ran one (one per protocol). */
  synchronized boolean started(BacklogSpec s) {
    if (spec != null) {
      return false;
    }
    spec = s;
    return true;
  }

  synchronized void sample(BacklogFigures.Sample s) {
    samples.add(s);
    peakLag = Math.max(peakLag, s.lag());
  }

  synchronized long peakLag() {
    return peakLag;
  }

  synchronized void resumed(double second) {
    resumedAt = second;
  }

  /** How it ended: drained at (null: not), the drain's target, the lag left, rates, the KO. */
  private record End(
      Double drainedAt, Long target, Long left, BacklogMath.Rates rates, String verdict) {}

  /** Before the end: its verdict is that there was none. */
  private static final End RUNNING =
      new End(null, null, null, null, "the run ended before the backlog's verdict");

  /** The end: drained at {@code drainedSecond} (null: not), the lag left, and the verdict. */
  synchronized void ended(
      Double drainedSecond, Long target, Long left, BacklogMath.Rates rates, String koReason) {
    end = new End(drainedSecond, target, left, rates, koReason);
  }

  void sent() {
    sent.increment();
  }

  synchronized void acked(boolean catchingUp, long micros) {
    acked.increment();
    (catchingUp ? ackCatchUp : ackBuild).recordValue(Math.max(0, micros));
  }

  void failed() {
    failed.increment();
  }

  synchronized void reply(long micros) {
    replies.increment();
    e2eCatchUp.recordValue(Math.max(0, micros));
  }

  /** The section; null before any backlog started. */
  synchronized BacklogFigures figures() {
    if (spec == null) {
      return null;
    }
    int size = spec.recordSize();
    return new BacklogFigures(
        spec.requestName(),
        spec.topic(),
        spec.group(),
        new BacklogFigures.Plan(
            spec.control().kind(),
            spec.ratePerSec(),
            size,
            spec.targetBytes(),
            spec.targetRecords(),
            spec.drainRatio(),
            spec.bounds().maxBuildSeconds(),
            spec.bounds().maxDrainSeconds()),
        new BacklogFigures.Build(
            resumedAt,
            samples.isEmpty() ? null : peakLag,
            samples.isEmpty() ? null : BacklogMath.bytes(peakLag, size)),
        new BacklogFigures.Drain(
            end.target(),
            end.drainedAt(),
            end.drainedAt() == null || resumedAt == null ? null : end.drainedAt() - resumedAt,
            end.left(),
            end.left() == null ? null : BacklogMath.bytes(end.left(), size),
            end.verdict() == null,
            end.verdict()),
        end.rates(),
        new BacklogFigures.Records(sent.sum(), acked.sum(), failed.sum(), replies.sum()),
        new BacklogFigures.Latency(
            Percentiles.ofMicros(ackBuild),
            Percentiles.ofMicros(ackCatchUp),
            spec.replyTopic() == null ? null : Percentiles.ofMicros(e2eCatchUp)),
        List.copyOf(samples));
  }
}
