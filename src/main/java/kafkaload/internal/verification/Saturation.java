package kafkaload.internal.verification;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.verification.InjectorHealth.Verdict;

/** Whether the injector was saturated: a bound counts only when a whole window breaks it. */
final class Saturation {
  private Saturation() {}

  /** Every reason is one readable line. */
  static Verdict judge(List<InjectorSample> s, InjectorResults.Bounds b) {
    List<String> reasons = new ArrayList<>();
    int w = b.windowSeconds();
    window(s, w, all(x -> x.resources().systemCpuPct() >= b.cpuPct()))
        .ifPresent(
            win ->
                reasons.add(
                    String.format(
                        "machine CPU stayed >= %.0f%% for %d s (from %.0f s)",
                        b.cpuPct(), w, win.get(w - 1).second() - w + 1)));
    window(s, w, win -> gcPauseMs(win) >= b.gcPct() / 100 * w * 1000)
        .ifPresent(
            win ->
                reasons.add(
                    String.format(
                        "GC pauses took %.0f ms of the %d s from %.0f s",
                        gcPauseMs(win), w, win.get(0).second())));
    s.stream()
        .filter(x -> x.resources().gcMaxPauseMs() >= b.gcSinglePauseMs())
        .findFirst()
        .ifPresent(
            x ->
                reasons.add(
                    String.format(
                        "a GC pause of %.0f ms at %.0f s",
                        x.resources().gcMaxPauseMs(), x.second())));
    window(
            s,
            w,
            all(
                x ->
                    x.producer().getOrDefault("bufferpool-wait-ratio", 0.0) >= b.bufferWaitRatio()))
        .ifPresent(
            x ->
                reasons.add(
                    String.format(
                        "sends waited for producer buffer space (bufferpool-wait-ratio >= %.2f) for %d s",
                        b.bufferWaitRatio(), w)));
    // p99 of a window's probe delays is at or above the bound when more than 1% of its probes are.
    window(s, w, win -> probes(win) > 0 && probesOverBound(win) * 100 > probes(win))
        .ifPresent(
            win ->
                reasons.add(
                    String.format(
                        "Gatling's event loops ran late: p99 of their delay >= %.0f ms over "
                            + "the %d s from %.0f s (%d of %d probes, max %.0f ms)",
                        b.eventLoopDelayMs(),
                        w,
                        win.get(0).second(),
                        probesOverBound(win),
                        probes(win),
                        win.stream()
                            .mapToDouble(p -> p.eventLoop().eventLoopDelayMaxMs())
                            .max()
                            .orElse(0))));
    return new Verdict(!reasons.isEmpty(), reasons);
  }

  private static double gcPauseMs(List<InjectorSample> win) {
    return win.stream().mapToDouble(p -> p.resources().gcPauseMs()).sum();
  }

  private static long probes(List<InjectorSample> win) {
    return win.stream().mapToLong(p -> p.eventLoop().eventLoopProbes()).sum();
  }

  private static long probesOverBound(List<InjectorSample> win) {
    return win.stream().mapToLong(p -> p.eventLoop().eventLoopProbesOverBound()).sum();
  }

  /** Every sample of a window meets {@code met}: a bound broken for the whole window. */
  private static Predicate<List<InjectorSample>> all(Predicate<InjectorSample> met) {
    return win -> win.stream().allMatch(met);
  }

  /**
   * The first window of {@code w} consecutive samples that, taken together, meets the condition.
   */
  private static Optional<List<InjectorSample>> window(
      List<InjectorSample> s, int w, Predicate<List<InjectorSample>> met) {
    return IntStream.rangeClosed(0, s.size() - w)
        .mapToObj(i -> s.subList(i, i + w))
        .filter(met)
        .findFirst();
  }
}
