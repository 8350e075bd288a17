package kafkaload.internal.semantic.txn;

import kafkaload.internal.results.Percentiles;

/**
 * One request name's transactions: committed, aborted, failed, abort rate (%), commit and abort
 * call latency, size in acked records, duration; {@code transactionalIdPrefix}: ids are it, "-" and
 * a counter.
 */
public record TransactionFigures(
    long committed,
    long aborted,
    long failed,
    double abortRatePct,
    Percentiles commitLatencyMs,
    Percentiles abortLatencyMs,
    Size sizeRecords,
    Percentiles durationMs,
    String transactionalIdPrefix) {

  /** Records per transaction: mean, median, p99 and max. */
  public record Size(double mean, long p50, long p99, long max) {}
}
