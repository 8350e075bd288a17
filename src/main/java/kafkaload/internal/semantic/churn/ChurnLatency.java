package kafkaload.internal.semantic.churn;

import java.util.List;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import org.HdrHistogram.Histogram;

/**
 * End-to-end latency of the records read in a window: each record's read time minus its timestamp
 * (set by the producer when it was sent, the same machine's clock), as its consumer measured it.
 * Pure.
 */
final class ChurnLatency {
  private ChurnLatency() {}

  static ChurnFigures.EndToEnd of(List<Read> reads, long from, long to) {
    Histogram h = new Histogram(3);
    for (Read r : reads) {
      if (r.atMillis() >= from && r.atMillis() < to) {
        r.endToEndMs().forEach(ms -> h.recordValue(ms));
      }
    }
    return h.getTotalCount() == 0
        ? new ChurnFigures.EndToEnd(0, null, null)
        : new ChurnFigures.EndToEnd(h.getTotalCount(), h.getValueAtPercentile(99), h.getMaxValue());
  }
}
