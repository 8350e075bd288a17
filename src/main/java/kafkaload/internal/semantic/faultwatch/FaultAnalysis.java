package kafkaload.internal.semantic.faultwatch;

import static kafkaload.internal.verification.LagMonitor.BY_TOPIC_PARTITION;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import kafkaload.internal.results.ProtocolResults;
import org.apache.kafka.common.TopicPartition;

/**
 * What each fault cost, from what the run observed: pure functions, no clock and no Kafka. Times
 * are ms after the load's start (the faults' own time base).
 *
 * <p>A fault owns the events from its start to {@link #GRACE_MS} after it ended (healed, or done
 * for an instant fault), unless a later fault began before them: each event goes to the latest
 * fault that began at or before it and whose window holds it.
 */
final class FaultAnalysis {
  /** How long after a fault ended its effects are still its own (elections, ISR changes, KOs). */
  static final long GRACE_MS = 10_000;

  /** The latency "after" a fault: this long after its recovery. */
  static final long AFTER_MS = 10_000;

  /**
   * Acks this soon after the fault do not end the unavailability: answers the broker sent before it
   * failed, still on their way.
   */
  static final long STRAGGLE_MS = 250;

  /** A partition whose acks stopped at the fault for this long counts as stalled. */
  static final long STALL_MS = 2_000;

  private FaultAnalysis() {}

  /** A partition's KOs of one reason, of records sent in one bucket starting at {@code atMs}. */
  record KoBucket(TopicPartition tp, String reason, long atMs, long count) {}

  /** One second of the timeline, ending at {@code endMs}: its ack latency p99 and max. */
  record LatencySecond(long endMs, double p99Ms, double maxMs) {}

  /** What the run observed, in ms after the load's start. */
  record Observed(
      Map<TopicPartition, AckTimes.Trace> acks,
      MetadataHistory.Snapshot metadata,
      List<KoBucket> kos,
      long koBucketMs,
      List<LatencySecond> latency) {}

  /** A fault's times: begun, ended (healed, or its step done), and its window's end. */
  record Span(long atMs, long endMs, long untilMs) {
    static Span of(ProtocolResults.Fault f) {
      long at = Math.round(f.atSeconds() * 1000);
      long end =
          f.healedAtSeconds() != null
              ? Math.round(f.healedAtSeconds() * 1000)
              : at + Math.max(0, f.durationMs());
      return new Span(at, end, end + GRACE_MS);
    }
  }

  /** Each fault's figures, in order. */
  static List<FaultImpact.Fault> analyse(List<ProtocolResults.Fault> faults, Observed o) {
    List<Span> spans = faults.stream().map(Span::of).toList();
    return IntStream.range(0, faults.size())
        .mapToObj(i -> fault(i, faults.get(i), spans, o))
        .toList();
  }

  /** The fault that owns an event at {@code t}, or -1: the latest begun at or before it. */
  static int owner(long t, List<Span> spans) {
    int owner = -1;
    for (int i = 0; i < spans.size(); i++) {
      Span s = spans.get(i);
      if (s.atMs() <= t && t <= s.untilMs() && (owner < 0 || s.atMs() >= spans.get(owner).atMs())) {
        owner = i;
      }
    }
    return owner;
  }

  private static FaultImpact.Fault fault(
      int i, ProtocolResults.Fault f, List<Span> spans, Observed o) {
    Span span = spans.get(i);
    Map<TopicPartition, Set<String>> causes = new TreeMap<>(BY_TOPIC_PARTITION);
    BiConsumer<TopicPartition, String> cause =
        (tp, why) -> causes.computeIfAbsent(tp, x -> new LinkedHashSet<>()).add(why);
    leaders(o.metadata(), span.atMs()).entrySet().stream()
        .filter(e -> e.getValue() == f.broker())
        .forEach(e -> cause.accept(e.getKey(), "leader"));
    Map<String, Long> kosByReason = new TreeMap<>();
    for (KoBucket k : o.kos()) {
      if (owner(k.atMs() + o.koBucketMs() / 2, spans) == i) {
        kosByReason.merge(k.reason(), k.count(), Long::sum);
        if (k.tp().partition() >= 0) {
          cause.accept(k.tp(), "failed sends");
        }
      }
    }
    o.acks().entrySet().stream()
        .filter(e -> stalled(span.atMs(), e.getValue()))
        .forEach(e -> cause.accept(e.getKey(), "stalled"));
    List<FaultImpact.Window> windows = new ArrayList<>();
    for (Map.Entry<TopicPartition, Set<String>> e : causes.entrySet()) {
      AckTimes.Trace trace = o.acks().get(e.getKey());
      Long first = trace == null ? null : firstAckAfter(span.atMs(), trace);
      windows.add(
          new FaultImpact.Window(
              e.getKey().topic(),
              e.getKey().partition(),
              String.join(", ", e.getValue()),
              first == null ? null : first - span.atMs(),
              first == null ? null : first / 1000.0));
    }
    FaultImpact.Unavailability unavailability = FaultImpact.Unavailability.of(windows);
    Long worst = unavailability.worstWindowMs();
    List<FaultImpact.Change> elections = new ArrayList<>();
    List<FaultImpact.Change> isr = new ArrayList<>();
    for (MetadataHistory.Seen c : o.metadata().changes()) {
      if (owner(c.atMs(), spans) == i) {
        (c.leader() ? elections : isr)
            .add(
                new FaultImpact.Change(
                    c.atMs() / 1000.0, c.tp().topic(), c.tp().partition(), c.before(), c.after()));
      }
    }
    long recovered =
        f.healedAtSeconds() != null
            ? span.endMs()
            : unavailability.unrecovered() > 0
                ? span.untilMs()
                : Math.max(span.endMs(), span.atMs() + (worst == null ? 0 : worst));
    recovered = Math.max(recovered, span.atMs() + 1000);
    return new FaultImpact.Fault(
        f.step(),
        f.request(),
        f.broker(),
        f.ok(),
        new FaultImpact.Timing(
            f.atSeconds(), f.healedAtSeconds(), span.untilMs() / 1000.0, recovered / 1000.0),
        unavailability,
        FaultImpact.MetadataChanges.of(elections, isr),
        kosByReason.values().stream().mapToLong(Long::longValue).sum(),
        kosByReason,
        new FaultImpact.AckLatency(
            highest(o.latency(), LatencySecond::p99Ms, span.atMs(), recovered, false),
            highest(o.latency(), LatencySecond::p99Ms, recovered, recovered + AFTER_MS, true),
            highest(o.latency(), LatencySecond::maxMs, span.atMs(), recovered, false),
            highest(o.latency(), LatencySecond::maxMs, recovered, recovered + AFTER_MS, true)));
  }

  /** Each partition's leader at {@code t}: its first state, then the leader changes up to t. */
  static Map<TopicPartition, Integer> leaders(MetadataHistory.Snapshot m, long t) {
    Map<TopicPartition, Integer> out = new TreeMap<>(BY_TOPIC_PARTITION);
    m.first().forEach((tp, s) -> out.put(tp, s.leader()));
    for (MetadataHistory.Seen c : m.changes()) {
      if (c.leader() && c.atMs() <= t) {
        out.put(c.tp(), c.after().get(0));
      }
    }
    return out;
  }

  /**
   * The first ack after {@code at} that ends an unavailability. A pause of more than {@link
   * #STRAGGLE_MS} that began no later than that after {@code at}, or began with the ack of a record
   * sent before {@code at}, ends with it (acks just after the fault are answers already on their
   * way; on a loaded injector they are read late); else the pause {@code at} fell in ends with the
   * next ack; else acks kept coming, so {@code at} itself (within {@link AckTimes#GAP_MS}). Null
   * when no ack came after it.
   */
  static Long firstAckAfter(long at, AckTimes.Trace t) {
    Long pause = null;
    int first = -1;
    for (int g = 0; g < t.gapStarts().length; g++) {
      long end = t.gapEnds()[g];
      if (end <= at || !straggling(at, t, g)) {
        continue;
      }
      if (first < 0) {
        first = g;
      }
      if (end - Math.max(t.gapStarts()[g], at) > STRAGGLE_MS) {
        pause = end;
      }
    }
    if (pause != null) {
      return pause;
    }
    if (first >= 0 && t.gapStarts()[first] <= at) {
      return t.gapEnds()[first];
    }
    return t.lastAckMs() != null && t.lastAckMs() > at + STRAGGLE_MS ? at : null;
  }

  /**
   * Gap g began by {@code at} plus {@link #STRAGGLE_MS}, or with a record sent before {@code at}.
   */
  private static boolean straggling(long at, AckTimes.Trace t, int g) {
    return t.gapStarts()[g] <= at + STRAGGLE_MS || t.gapStartSent()[g] < at;
  }

  /**
   * Acks came within {@link #STRAGGLE_MS} before {@code at}, then none for {@link #STALL_MS} or
   * more (or none again).
   */
  static boolean stalled(long at, AckTimes.Trace t) {
    for (int g = 0; g < t.gapStarts().length; g++) {
      if (t.gapStarts()[g] >= at - STRAGGLE_MS
          && straggling(at, t, g)
          && t.gapEnds()[g] - at >= STALL_MS) {
        return true;
      }
    }
    Long last = t.lastAckMs();
    return last != null
        && last >= at - STRAGGLE_MS
        && last <= at + STRAGGLE_MS
        && firstAckAfter(at, t) == null;
  }

  /**
   * The highest per-second {@code figure} of the seconds that overlap (from, to]; of those wholly
   * after {@code from} when {@code after} (the recovery's own second is not "after" it). Null when
   * none had one.
   */
  static Double highest(
      List<LatencySecond> seconds,
      java.util.function.ToDoubleFunction<LatencySecond> figure,
      long from,
      long to,
      boolean after) {
    OptionalDouble max =
        seconds.stream()
            .filter(s -> after ? s.endMs() - 1000 >= from : s.endMs() > from)
            .filter(s -> s.endMs() - 1000 < to)
            .mapToDouble(figure)
            .filter(v -> !Double.isNaN(v))
            .max();
    return max.isPresent() ? max.getAsDouble() : null;
  }
}
