package kafkaload.internal.distributed;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.LongStream;
import kafkaload.internal.history.RunFigures;
import kafkaload.internal.report.Histograms;
import kafkaload.internal.report.ProtocolAssembly;
import kafkaload.internal.report.Timeline;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.results.Throughput;
import kafkaload.internal.run.PartitionCounters;
import org.HdrHistogram.Histogram;

/**
 * The merged run's results in one run's shape (the same page draws them): counts summed, rates
 * summed and over the union span, exact percentiles from added HdrHistograms, partitions and
 * timeline summed (each injector's seconds from its own start), the worst health, a row per
 * injector, each semantic's merged section.
 */
final class MergedSummary {
  private MergedSummary() {}

  /** {@code reconciliations}, {@code sections}: the merge's, by protocol index (absent: none). */
  static RunResults of(
      List<InjectorFolder> complete,
      List<InjectorRow> rows,
      List<MergedReconciliation> reconciliations,
      List<Map<String, Object>> sections,
      RunResults.MergeInfo merge,
      List<RunResults.Gate> gates) {
    List<RunResults> sums =
        complete.stream().map(InjectorFolder::summary).filter(Objects::nonNull).toList();
    // With no injector's summary (first null): the rows, verdicts and merge facts alone.
    RunResults first = sums.isEmpty() ? null : sums.get(0);
    String startedAt =
        sums.stream().map(r -> r.period().startedAt()).min(String::compareTo).orElse(null);
    String endedAt =
        sums.stream().map(r -> r.period().endedAt()).max(String::compareTo).orElse(null);
    List<ProtocolResults> protocols =
        InjectorFolder.perProtocol(
            first,
            k ->
                protocol(
                    InjectorFolder.protocol(complete, k),
                    k < reconciliations.size() ? reconciliations.get(k) : null,
                    k < sections.size() ? sections.get(k) : Map.of()));
    return new RunResults(
        RunResults.SCHEMA_VERSION,
        new RunResults.Period(
            startedAt,
            endedAt,
            first == null
                ? 0
                : (Instant.parse(endedAt).toEpochMilli() - Instant.parse(startedAt).toEpochMilli())
                    / 1000.0),
        first == null ? Map.of() : first.parameters(),
        protocols,
        null,
        health(complete),
        timeline(sums.stream().map(RunResults::timeline).toList()),
        null,
        new RunResults.Merged(rows, merge),
        new RunResults.Verdicts(gates, null, null));
  }

  private static ProtocolResults protocol(
      List<ProtocolResults> ps, MergedReconciliation rec, Map<String, Object> sections) {
    List<Throughput> ts = ps.stream().map(p -> p.sends().throughput()).toList();
    // Every request name of any injector, then its figures merged over those that have it.
    Map<String, Throughput.RequestThroughput> byRequest = new TreeMap<>();
    ts.forEach(t -> t.byRequest().keySet().forEach(n -> byRequest.put(n, null)));
    byRequest.replaceAll((n, x) -> rates(ts.stream().map(t -> t.byRequest().get(n)).toList()));
    Throughput.RequestThroughput all =
        rates(
            ts.stream()
                .map(t -> new Throughput.RequestThroughput(t.ackedOk(), t.ackedBytes(), t.rate()))
                .toList());
    // Sums, but for the longest single time in producer.send; peakConcurrentUsers is the sum of
    // each injector's peak, an upper bound of the run's (the peaks need not be at the same moment).
    Throughput throughput =
        new Throughput(
            all.acked(),
            ts.stream().mapToLong(Throughput::failed).sum(),
            ts.stream().mapToLong(Throughput::inFlightAtEnd).sum(),
            all.bytes(),
            all.rate(),
            byRequest,
            new Throughput.SendPath(
                ts.stream().mapToDouble(p -> p.sendPath().sendBlockedMsTotal()).sum(),
                ts.stream().mapToDouble(p -> p.sendPath().sendBlockedMsMax()).max().orElse(0),
                ts.stream().mapToLong(p -> p.sendPath().sendsOffTheEventLoop()).sum()),
            ts.stream().mapToLong(Throughput::lateReplies).sum(),
            ts.stream().mapToLong(Throughput::peakConcurrentUsers).sum());

    // By topic, then partition: the order the rows are shown in.
    Map<String, Map<Integer, PartitionCounters.Count>> parts = new TreeMap<>();
    for (ProtocolResults p : ps) {
      for (ProtocolResults.PartitionShare row : p.sends().partitions()) {
        parts
            .computeIfAbsent(row.topic(), t -> new TreeMap<>())
            .merge(
                row.partition(),
                new PartitionCounters.Count(row.records(), row.bytes()),
                (a, b) ->
                    new PartitionCounters.Count(a.records() + b.records(), a.bytes() + b.bytes()));
      }
    }
    return ProtocolAssembly.of(
        ps.get(0).config(),
        new ProtocolResults.Sends(throughput, null, null, ProtocolAssembly.partitions(parts), null),
        new ProtocolAssembly.Latencies(
            merged(ps, p -> p.latencies().ackLatencyHistograms()),
            merged(ps, p -> p.latencies().e2eLatencyHistograms()),
            merged(ps, p -> p.latencies().replyLatencyHistograms())),
        null,
        new ProtocolResults.Consumers(null, null, null, null, ps.get(0).consumers().readers()),
        rec == null ? null : rec.result(),
        rec == null ? null : rec.error(),
        ps.stream().flatMap(p -> p.faults().stream()).toList(),
        sections);
  }

  /**
   * The merged rate: each injector's own rate over its first-to-last ack, added up (null unless all
   * have one), independent of how closely they started; and the rate over the union span.
   */
  private static Throughput.RequestThroughput rates(List<Throughput.RequestThroughput> given) {
    // A request named without figures (a hand-edited file) adds none, as a missing one.
    List<Throughput.RequestThroughput> rs = given.stream().filter(Objects::nonNull).toList();
    long count = rs.stream().mapToLong(Throughput.RequestThroughput::acked).sum();
    long bytes = rs.stream().mapToLong(Throughput.RequestThroughput::bytes).sum();
    List<Throughput.AckRate> each = rs.stream().map(Throughput.RequestThroughput::rate).toList();
    Throughput.AckRate union =
        Throughput.span(
            count,
            bytes,
            known(each, Throughput.AckRate::firstAckMillis).min().orElse(Long.MAX_VALUE),
            known(each, Throughput.AckRate::lastAckMillis).max().orElse(Long.MIN_VALUE));
    boolean all =
        !each.isEmpty()
            && each.stream().allMatch(r -> r.msgsPerSec() != null && r.mbPerSec() != null);
    return new Throughput.RequestThroughput(
        count,
        bytes,
        new Throughput.AckRate(
            union.firstToLastAckSeconds(),
            all
                ? each.stream().mapToDouble(Throughput.AckRate::msgsPerSec).sum()
                : union.msgsPerSec(),
            all ? each.stream().mapToDouble(Throughput.AckRate::mbPerSec).sum() : union.mbPerSec(),
            union.firstAckMillis(),
            union.lastAckMillis(),
            new Throughput.Rate(union.msgsPerSec(), union.mbPerSec())));
  }

  private static LongStream known(
      List<Throughput.AckRate> each, Function<Throughput.AckRate, Long> millis) {
    return each.stream().map(millis).filter(Objects::nonNull).mapToLong(Long::longValue);
  }

  private static Map<String, Histogram> merged(
      List<ProtocolResults> ps, Function<ProtocolResults, Map<String, String>> field) {
    Map<String, Histogram> out = new TreeMap<>();
    for (Map<String, String> encoded : ps.stream().map(field).filter(Objects::nonNull).toList()) {
      encoded.forEach((name, text) -> out.merge(name, Histograms.decode(text), RunFigures::plus));
    }
    return out;
  }

  /** Every injector's health: saturated when any was, CPU summed, else the worst figures. */
  private static InjectorResults health(List<InjectorFolder> complete) {
    List<String> reasons = new ArrayList<>();
    List<InjectorResults> all = new ArrayList<>();
    for (InjectorFolder f : complete) {
      InjectorResults i = f.summary() == null ? null : f.summary().injector();
      if (i != null) {
        all.add(i);
        i.reasons().forEach(r -> reasons.add("injector " + f.index() + ": " + r));
      }
    }
    if (all.isEmpty()) {
      return null;
    }
    InjectorResults first = all.get(0);
    InjectorResults heap =
        all.stream()
            .max(
                Comparator.comparingDouble(
                    i -> Objects.requireNonNullElse(i.memory().heapAfterGcMb().max(), -1.0)))
            .get();
    InjectorResults loops =
        all.stream().max(Comparator.comparingDouble(i -> i.eventLoopDelayMs().max())).get();
    return new InjectorResults(
        all.stream().anyMatch(InjectorResults::saturated),
        reasons,
        first.windows(),
        new InjectorResults.Cpu(
            all.stream().mapToDouble(i -> i.cpu().cpuSecondsAtEnd()).sum(),
            Timeline.max(all, i -> i.cpu().maxSystemCpuPct()),
            Timeline.max(all, i -> i.cpu().maxProcessCpuPct()),
            LoadCpu.sum(all.stream().map(i -> i.cpu().loadCpu()).toList())),
        new InjectorResults.Memory(
            Timeline.max(all, i -> i.memory().gcPauseTotalMs()),
            Timeline.max(all, i -> i.memory().gcPauseMaxMs()),
            Timeline.max(all, i -> i.memory().maxHeapUsedMb()),
            heap.memory().heapAfterGcMb()),
        loops.eventLoopDelayMs(),
        first.bounds());
  }

  /** By second from each injector's start: rates and probes summed, else the worst injector's. */
  static List<InjectorSample> timeline(List<List<InjectorSample>> timelines) {
    TreeMap<Long, List<InjectorSample>> bySecond = new TreeMap<>();
    timelines.forEach(
        t ->
            t.forEach(
                s -> bySecond.computeIfAbsent((long) s.second(), k -> new ArrayList<>()).add(s)));
    List<InjectorSample> out = new ArrayList<>(bySecond.size());
    bySecond.forEach(
        (second, b) ->
            out.add(
                Timeline.point(
                    b,
                    second,
                    MergedSummary::sum,
                    Timeline::max,
                    new LinkedHashMap<>(b.get(0).producer()))));
    return out;
  }

  /** NaN (not known) is skipped; a second where no injector knew it stays NaN. */
  private static double sum(List<InjectorSample> b, ToDoubleFunction<InjectorSample> f) {
    double[] v = b.stream().mapToDouble(f).filter(x -> !Double.isNaN(x)).toArray();
    return v.length == 0 ? Double.NaN : Arrays.stream(v).sum();
  }
}
