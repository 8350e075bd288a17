package kafkaload.internal.semantic.capacity;

import static kafkaload.internal.config.Console.text;

import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.results.Percentiles;
import org.HdrHistogram.Histogram;

/**
 * A plateau's gates, judged on every injector's share of it: p99 ack latency, errors, and the
 * achieved rate against the target. When it failed, it also says whether an injector may have been
 * the limit (its sends started late, or its process took the machine's CPU), so the search never
 * calls an injector's limit the cluster's.
 *
 * @param brokerHere the embedded broker runs in the injector's process: its CPU is the broker's too
 */
record PlateauJudge(CapacitySpec spec, double cpuBoundPct, boolean brokerHere) {
  /** Late sends that make a pattern: fewer are a stall (a GC pause, a busy machine's hiccup). */
  static final int MIN_LATE_SENDS = 20;

  PlateauFigures judge(int index, Search.Step step, int seconds, List<PlateauShare> shares) {
    PlateauShare.Counts all = new PlateauShare.Counts(0, 0, 0, 0, 0, 0, 0);
    Histogram latency = new Histogram(3);
    double delay = 0;
    Double cpu = null;
    String error = null;
    GroupLag.Behind behind = null;
    Histogram e2e = null;
    long e2eBehind = 0;
    for (PlateauShare s : shares) {
      Histogram read = s.e2eLatency();
      if (read != null) {
        e2e = e2e == null ? new Histogram(3) : e2e;
        e2e.add(read);
        e2eBehind += s.endToEnd().behind();
      }
      if (s.groupBehind() != null
          && (behind == null || s.groupBehind().records() > behind.records())) {
        behind = s.groupBehind();
      }
      all = all.plus(s.counts());
      latency.add(s.latency());
      delay = Math.max(delay, s.timing().publishDelayP99Ms());
      if (s.injectorCpuPct() != null) {
        cpu = cpu == null ? s.injectorCpuPct() : Math.max(cpu, s.injectorCpuPct());
      }
      error = error == null ? s.firstError() : error;
    }
    long sent = all.sent(), failed = all.failed(), unacked = all.unacked(), skipped = all.skipped();
    double achieved = all.ackedInWindow() / (double) seconds;
    Percentiles p = Percentiles.ofMicros(latency);
    List<String> failures = new ArrayList<>();
    if (sent == 0) {
      failures.add("nothing was sent");
    }
    if (p.p99() != null && p.p99() > spec.gates().p99Ms()) {
      failures.add(
          text("p99 %s ms > %s ms", ms(p.p99()), ms(spec.gates().p99Ms()))
              + (unacked > 0 ? " (" + unacked + " records still unacked)" : ""));
    }
    double errorPct = sent == 0 ? 0 : 100.0 * failed / sent;
    if (errorPct > spec.gates().maxErrorPct()) {
      failures.add(
          text("errors %.2f %% > %s %% (%s)", errorPct, ms(spec.gates().maxErrorPct()), error));
    }
    if (achieved < step.rate() * spec.gates().minAchievedPct() / 100) {
      failures.add(
          text(
                  "achieved %,.0f msg/s, %.1f %% of the target < %s %%",
                  achieved, 100 * achieved / step.rate(), ms(spec.gates().minAchievedPct()))
              + (skipped > 0
                  ? text(" (%,d sends not made: the producer's buffer was full)", skipped)
                  : ""));
    }
    if (behind != null) {
      lagGate("group '" + behind.group() + "'", behind.records(), failures);
    }
    // The end-to-end consumer's gates: its p99 from send to read, and what it had not read.
    Percentiles endToEnd = e2e == null ? null : Percentiles.ofMicros(e2e);
    if (endToEnd != null && endToEnd.p99() != null && endToEnd.p99() > spec.gates().e2eP99Ms()) {
      failures.add(
          text("end-to-end p99 %s ms > %s ms", ms(endToEnd.p99()), ms(spec.gates().e2eP99Ms())));
    }
    if (endToEnd != null) {
      lagGate("the end-to-end consumer", e2eBehind, failures);
    }
    String limit = failures.isEmpty() ? null : injectorLimit(shares);
    return new PlateauFigures(
        index,
        step.kind().name(),
        step.rate(),
        seconds,
        achieved,
        new PlateauFigures.Latencies(p, endToEnd, delay),
        cpu,
        new PlateauFigures.Counts(sent, all.acked(), failed, unacked, all.bytes()),
        new PlateauFigures.Verdict(failures.isEmpty(), List.copyOf(failures), limit));
  }

  /**
   * The lag gate of a group under test or the end-to-end consumer, {@code behind} records behind.
   */
  private void lagGate(String who, long behind, List<String> failures) {
    if (behind > spec.gates().maxGroupLag()) {
      failures.add(
          text(
              "%s %,d records behind > %,d, %d s after the plateau",
              who, behind, spec.gates().maxGroupLag(), spec.gates().lagDrainSeconds()));
    }
  }

  /** Why an injector may have been the limit of a failed plateau; null when none was. */
  private String injectorLimit(List<PlateauShare> shares) {
    List<String> why = new ArrayList<>();
    for (PlateauShare s : shares) {
      String who = shares.size() == 1 ? "the injector" : "injector " + s.injector();
      // Late by a pattern, not by one stall: a few late sends are a GC pause, not a limit.
      PlateauShare.Timing late = s.timing();
      if (late.publishDelayP99Ms() > spec.gates().maxPublishDelayMs()
          && late.lateSends() >= MIN_LATE_SENDS) {
        why.add(
            text(
                "%s started its sends late (publish delay p99 %s ms > %s ms; %,d sends late)",
                who,
                ms(late.publishDelayP99Ms()),
                ms(spec.gates().maxPublishDelayMs()),
                late.lateSends()));
      }
      if (s.injectorCpuPct() != null && s.injectorCpuPct() >= cpuBoundPct) {
        why.add(
            text(
                "%s's process used %.0f %% of the machine's CPU (>= %.0f %%%s)",
                who,
                s.injectorCpuPct(),
                cpuBoundPct,
                brokerHere ? "; the embedded broker runs in it" : ""));
      }
    }
    return why.isEmpty() ? null : String.join("; ", why);
  }

  /** A figure without needless decimals: 50, 2.5, 0.75. */
  static String ms(double v) {
    if (v > 0 && v < 0.1) {
      return text("%.2g", v);
    }
    if (v >= 100 || v == Math.rint(v)) {
      return text("%,.0f", v);
    }
    return text(v >= 10 ? "%.1f" : "%.2f", v);
  }
}
