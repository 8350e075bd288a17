package kafkaload.internal.history;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;

/** A real run's kafka-summary.json and variants of it made by scaling its samples. */
final class Fixtures {
  static final Path FILE =
      Path.of("src/test/resources/kafkaload/results/kafka-summary-baseline.json");

  private Fixtures() {}

  static RunResults run() {
    try {
      return ResultsJson.read(FILE);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The run with every ack latency (per-second p99 and histograms) times {@code latency}, every
   * per-second rate times {@code rate}, each sample also times a random factor within ±{@code
   * jitter} (seeded).
   */
  static RunResults scaled(RunResults r, double latency, double rate, double jitter, long seed) {
    Random rnd = new Random(seed);
    List<InjectorSample> timeline =
        r.timeline().stream()
            .map(
                s -> {
                  double j1 = 1 + jitter * (2 * rnd.nextDouble() - 1);
                  double j2 = 1 + jitter * (2 * rnd.nextDouble() - 1);
                  return new InjectorSample(
                      s.second(),
                      new InjectorSample.Load(
                          s.load().msgsPerSec() * rate * j1,
                          s.load().mbPerSec() * rate * j1,
                          s.load().ackP99Ms() * latency * j2,
                          s.load().ackMaxMs() * latency),
                      new InjectorSample.Resources(
                          s.resources().systemCpuPct(),
                          s.resources().processCpuPct(),
                          s.resources().heapUsedMb(),
                          s.resources().heapAfterGcMb(),
                          s.resources().gcPauseMs(),
                          s.resources().gcMaxPauseMs()),
                      new InjectorSample.EventLoop(
                          s.eventLoop().sendBlockedMs(),
                          s.eventLoop().eventLoopProbes(),
                          s.eventLoop().eventLoopDelayP99Ms(),
                          s.eventLoop().eventLoopDelayMaxMs(),
                          s.eventLoop().eventLoopProbesOverBound()),
                      s.producer());
                })
            .toList();
    List<ProtocolResults> protocols =
        r.protocols().stream()
            .map(p -> withHistograms(p, scaled(p.latencies().ackLatencyHistograms(), latency)))
            .toList();
    return new RunResults(
        r.schemaVersion(),
        r.period(),
        r.parameters(),
        protocols,
        r.latencySources(),
        r.injector(),
        timeline,
        r.timelineResolution(),
        r.merged(),
        new RunResults.Verdicts(r.verdicts().gates(), r.verdicts().gatesFrom(), null));
  }

  static RunResults withParameter(RunResults r, String name, String value) {
    Map<String, String> p = new LinkedHashMap<>(r.parameters());
    p.put(name, value);
    return new RunResults(
        r.schemaVersion(),
        r.period(),
        p,
        r.protocols(),
        r.latencySources(),
        r.injector(),
        r.timeline(),
        r.timelineResolution(),
        r.merged(),
        new RunResults.Verdicts(r.verdicts().gates(), r.verdicts().gatesFrom(), null));
  }

  static RunResults withStartedAt(RunResults r, String startedAt) {
    return new RunResults(
        r.schemaVersion(),
        new RunResults.Period(startedAt, r.period().endedAt(), r.period().durationSeconds()),
        r.parameters(),
        r.protocols(),
        r.latencySources(),
        r.injector(),
        r.timeline(),
        r.timelineResolution(),
        r.merged(),
        new RunResults.Verdicts(r.verdicts().gates(), r.verdicts().gatesFrom(), null));
  }

  static RunResults saturated(RunResults r) {
    InjectorResults i = r.injector();
    InjectorResults s =
        new InjectorResults(
            true,
            List.of("CPU above 90% for 10 s"),
            new InjectorResults.Windows(i.windows().loadWindowSeconds(), null, null),
            i.cpu(),
            i.memory(),
            i.eventLoopDelayMs(),
            i.bounds());
    return new RunResults(
        r.schemaVersion(),
        r.period(),
        r.parameters(),
        r.protocols(),
        r.latencySources(),
        s,
        r.timeline(),
        r.timelineResolution(),
        r.merged(),
        new RunResults.Verdicts(r.verdicts().gates(), r.verdicts().gatesFrom(), null));
  }

  /** The run with {@code failed} of its records failed instead of acked. */
  static RunResults withFailed(RunResults r, long failed) {
    List<ProtocolResults> protocols =
        r.protocols().stream()
            .map(
                p -> {
                  Throughput t = p.sends().throughput();
                  Throughput f =
                      new Throughput(
                          t.ackedOk() - failed,
                          failed,
                          t.inFlightAtEnd(),
                          t.ackedBytes(),
                          new Throughput.AckRate(
                              t.rate().firstToLastAckSeconds(),
                              t.rate().msgsPerSec(),
                              t.rate().mbPerSec(),
                              t.rate().firstAckMillis(),
                              t.rate().lastAckMillis(),
                              t.rate().overUnionSpan()),
                          t.byRequest(),
                          new Throughput.SendPath(
                              t.sendPath().sendBlockedMsTotal(),
                              t.sendPath().sendBlockedMsMax(),
                              t.sendPath().sendsOffTheEventLoop()),
                          t.lateReplies(),
                          t.peakConcurrentUsers());
                  return new ProtocolResults(
                      p.config(),
                      new ProtocolResults.Sends(
                          f,
                          p.sends().publishDelayMs(),
                          p.sends().schemas(),
                          p.sends().partitions(),
                          p.sends().producerMetrics()),
                      new ProtocolResults.Latencies(
                          p.latencies().ackLatencyMs(),
                          p.latencies().e2eLatencyMs(),
                          p.latencies().ackLatencyHistograms(),
                          p.latencies().e2eLatencyHistograms(),
                          null,
                          null,
                          null),
                      p.distributed(),
                      new ProtocolResults.Consumers(
                          p.consumers().lag(),
                          p.consumers().lagResolution(),
                          p.consumers().lagSampling(),
                          p.consumers().consumerThroughput(),
                          null),
                      p.reconciliation(),
                      p.reconciliationError(),
                      p.faults(),
                      Map.of());
                })
            .toList();
    return new RunResults(
        r.schemaVersion(),
        r.period(),
        r.parameters(),
        protocols,
        r.latencySources(),
        r.injector(),
        r.timeline(),
        r.timelineResolution(),
        r.merged(),
        new RunResults.Verdicts(r.verdicts().gates(), r.verdicts().gatesFrom(), null));
  }

  private static ProtocolResults withHistograms(ProtocolResults p, Map<String, String> ack) {
    return new ProtocolResults(
        p.config(),
        new ProtocolResults.Sends(
            p.sends().throughput(),
            p.sends().publishDelayMs(),
            p.sends().schemas(),
            p.sends().partitions(),
            p.sends().producerMetrics()),
        new ProtocolResults.Latencies(
            p.latencies().ackLatencyMs(),
            p.latencies().e2eLatencyMs(),
            ack,
            p.latencies().e2eLatencyHistograms(),
            null,
            null,
            null),
        p.distributed(),
        new ProtocolResults.Consumers(
            p.consumers().lag(),
            p.consumers().lagResolution(),
            p.consumers().lagSampling(),
            p.consumers().consumerThroughput(),
            null),
        p.reconciliation(),
        p.reconciliationError(),
        p.faults(),
        Map.of());
  }

  private static Map<String, String> scaled(Map<String, String> encoded, double factor) {
    Map<String, String> out = new LinkedHashMap<>();
    encoded.forEach(
        (name, b64) -> {
          Histogram h = RunFigures.decode(name, b64);
          Histogram s = new Histogram(h.getNumberOfSignificantValueDigits());
          s.setAutoResize(true);
          h.recordedValues()
              .forEach(
                  v ->
                      s.recordValueWithCount(
                          Math.max(1, Math.round(v.getValueIteratedTo() * factor)),
                          v.getCountAtValueIteratedTo()));
          ByteBuffer b = ByteBuffer.allocate(s.getNeededByteBufferCapacity());
          int n = s.encodeIntoCompressedByteBuffer(b);
          out.put(name, Base64.getEncoder().encodeToString(Arrays.copyOf(b.array(), n)));
        });
    return out;
  }
}
