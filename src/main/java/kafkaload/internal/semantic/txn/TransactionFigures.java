package kafkaload.internal.semantic.txn;

import kafkaload.internal.results.Percentiles;

/**
 * The transactions of one request name: how many committed, were aborted on request, and failed
 * (fenced, timed out, refused: KOs of the commit or abort), the abort rate (aborted and failed of
 * all, %), the latency of the commit call ({@code "<name> commit"}) and of the abort call, each
 * transaction's size in acked records, and its duration from begin to the end of its commit or
 * abort; {@code transactionalIdPrefix}: the run's transactional ids are it, "-" and a counter.
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
