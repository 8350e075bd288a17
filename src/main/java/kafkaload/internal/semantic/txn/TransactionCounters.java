package kafkaload.internal.semantic.txn;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import kafkaload.internal.results.Percentiles;
import org.HdrHistogram.Histogram;

/** A run's transactions per request name; records' own fate is in {@link DeliveryLedger}. */
public final class TransactionCounters {
  private final Map<String, Request> requests = new ConcurrentHashMap<>();
  private volatile String idPrefix;

  /** The prefix of the run's transactional ids (each producer's is it, "-" and a counter). */
  public void idPrefix(String prefix) {
    this.idPrefix = prefix;
  }

  /** How a transaction ended. */
  public enum End {
    COMMITTED,
    ABORTED,
    FAILED
  }

  /**
   * One request name's transactions, counted by how each ended; histograms in µs (the commit's and
   * the abort's call, by End; the duration) and records (size).
   */
  private static final class Request {
    private final long[] ended = new long[End.values().length];
    private final Histogram[] endCallMicros = {new Histogram(3), new Histogram(3)};
    private final Histogram durationMicros = new Histogram(3);
    private final Histogram size = new Histogram(3);

    private synchronized void ended(
        End end, long records, long endCallMicros, long durationMicros) {
      ended[end.ordinal()]++;
      if (end != End.FAILED) {
        this.endCallMicros[end.ordinal()].recordValue(Math.max(0, endCallMicros));
      }
      size.recordValue(Math.max(0, records));
      this.durationMicros.recordValue(Math.max(0, durationMicros));
    }

    private synchronized TransactionFigures figures(String idPrefix) {
      long committed = ended[End.COMMITTED.ordinal()];
      long aborted = ended[End.ABORTED.ordinal()];
      long failed = ended[End.FAILED.ordinal()];
      long n = committed + aborted + failed;
      return new TransactionFigures(
          committed,
          aborted,
          failed,
          n == 0 ? 0 : 100.0 * (aborted + failed) / n,
          Percentiles.ofMicros(endCallMicros[End.COMMITTED.ordinal()]),
          Percentiles.ofMicros(endCallMicros[End.ABORTED.ordinal()]),
          new TransactionFigures.Size(
              size.getTotalCount() == 0 ? 0 : size.getMean(),
              size.getValueAtPercentile(50),
              size.getValueAtPercentile(99),
              size.getMaxValue()),
          Percentiles.ofMicros(durationMicros),
          idPrefix);
    }
  }

  /** A transaction of {@code requestName} ended: its acked records, end call and duration. */
  public void ended(
      String requestName, End end, long records, long endCallMicros, long durationMicros) {
    requests
        .computeIfAbsent(requestName, n -> new Request())
        .ended(end, records, endCallMicros, durationMicros);
  }

  /** Per request name, sorted; null when the run had no transactions. */
  public Map<String, TransactionFigures> figures() {
    Map<String, TransactionFigures> out = new TreeMap<>();
    requests.forEach((name, r) -> out.put(name, r.figures(idPrefix)));
    return out.isEmpty() ? null : out;
  }
}
