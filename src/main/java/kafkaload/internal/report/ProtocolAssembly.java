package kafkaload.internal.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.results.RequestLatency;
import kafkaload.internal.results.Throughput;
import kafkaload.internal.run.PartitionCounters;
import org.HdrHistogram.Histogram;

/**
 * The one assembly of a protocol's results, for a run's summary ({@link RunSummary}) and a
 * distributed run's merge: the latency percentiles and compressed histograms from the histograms,
 * the latency rows from them and from the requests of the throughput and the readers. Every
 * argument has a type of its own, so a figure cannot land in another's place.
 */
public final class ProtocolAssembly {
  private ProtocolAssembly() {}

  /** The latency histograms (µs) by request name: ack, end-to-end (send to read), send to reply. */
  public record Latencies(
      Map<String, Histogram> ack, Map<String, Histogram> e2e, Map<String, Histogram> reply) {}

  /**
   * A protocol's results: its latency figures made from the histograms; {@code distributed} null
   * for a merged run, whose sends and consumers hold only what the merge adds up.
   */
  public static ProtocolResults of(
      ProtocolResults.ProtocolConfig config,
      ProtocolResults.Sends sends,
      Latencies latencies,
      ProtocolResults.Distributed distributed,
      ProtocolResults.Consumers consumers,
      ReconciliationResult reconciliation,
      String reconciliationError,
      List<ProtocolResults.Fault> faults,
      Map<String, Object> sections) {
    Figures ack = Figures.of(latencies.ack());
    Figures e2e = Figures.of(latencies.e2e());
    Figures reply = Figures.of(latencies.reply());
    Throughput throughput = sends.throughput();
    return new ProtocolResults(
        config,
        sends,
        new ProtocolResults.Latencies(
            ack.percentiles(),
            e2e.percentiles(),
            ack.encoded(),
            e2e.encoded(),
            reply.percentiles(),
            reply.encoded(),
            RequestLatency.rows(
                ack.percentiles(),
                reply.percentiles(),
                e2e.percentiles(),
                throughput == null || throughput.byRequest() == null
                    ? null
                    : throughput.byRequest().keySet(),
                consumers.readers() == null ? null : consumers.readers().byRequest().keySet())),
        distributed,
        consumers,
        reconciliation,
        reconciliationError,
        faults,
        sections);
  }

  /**
   * Acked records per topic and partition as rows, in the map's order; the share is of its topic's
   * records, so a hot partition stands out.
   */
  public static List<ProtocolResults.PartitionShare> partitions(
      Map<String, Map<Integer, PartitionCounters.Count>> byTopic) {
    List<ProtocolResults.PartitionShare> out = new ArrayList<>();
    byTopic.forEach(
        (topic, byPartition) -> {
          long total =
              Math.max(
                  1,
                  byPartition.values().stream().mapToLong(PartitionCounters.Count::records).sum());
          byPartition.forEach(
              (partition, c) ->
                  out.add(
                      new ProtocolResults.PartitionShare(
                          topic, partition, c.records(), c.bytes(), 100.0 * c.records() / total)));
        });
    return out;
  }

  /** Each request's histogram (µs) as its percentiles (ms) and its compressed form. */
  private record Figures(Map<String, Percentiles> percentiles, Map<String, String> encoded) {
    static Figures of(Map<String, Histogram> histograms) {
      Map<String, Percentiles> percentiles = new TreeMap<>();
      Map<String, String> encoded = new TreeMap<>();
      histograms.forEach(
          (name, h) -> {
            percentiles.put(name, Percentiles.ofMicros(h));
            encoded.put(name, Histograms.encode(h));
          });
      return new Figures(percentiles, encoded);
    }
  }
}
