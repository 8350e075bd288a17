package kafkaload.internal.semantic.traffic;

import java.util.List;

/**
 * The {@code traffic} section of a protocol's results: what was sent, as keys and sizes, and how
 * the producer batched and compressed it. A figure not measured is null.
 *
 * @param records records handed to the producer
 * @param keyless records sent without a key
 * @param distinctKeys distinct keys seen; null when more than {@link TrafficCounters#MAX_KEYS}
 * @param untrackedRecords records whose key came after {@link TrafficCounters#MAX_KEYS} distinct
 *     keys were counted (counted here, not by key)
 * @param topKeys the most frequent keys, with their shares of all records sent
 * @param sizes the values' sizes in bytes (serialized)
 * @param batching the producer's batch fill and compression, from its own metrics
 */
public record TrafficFigures(
    long records,
    long keyless,
    Integer distinctKeys,
    long untrackedRecords,
    List<KeyShare> topKeys,
    Sizes sizes,
    Batching batching) {

  /** A key's records and share (0 to 100 %) of all records sent. */
  public record KeyShare(String key, long records, double sharePct) {}

  /** Value sizes in bytes. */
  public record Sizes(
      long count, double mean, long min, long p50, long p90, long p99, long p999, long max) {}

  /**
   * The producer's {@code batch-size-avg} (bytes), {@code records-per-request-avg} and {@code
   * compression-rate-avg} (compressed over uncompressed size, 1 without compression).
   */
  public record Batching(
      Double batchSizeAvg, Double recordsPerRequestAvg, Double compressionRateAvg) {}
}
