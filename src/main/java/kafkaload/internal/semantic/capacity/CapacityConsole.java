package kafkaload.internal.semantic.capacity;

import java.util.Locale;
import kafkaload.internal.config.Console;

/**
 * What the capacity search prints: a line per plateau as it is judged, then the table and verdict.
 */
final class CapacityConsole {
  private CapacityConsole() {}

  static void start(CapacitySpec s, int injectors) {
    Console.out(
        String.format(
            "Capacity search '%s': from %s, gates p99 <= %s ms, errors <= %s %%, achieved >= %s %%;"
                + "%s; plateaus of %d s after a %d s warm-up; within %s %%; at most %d s%s",
            s.requestName(),
            CapacityVerdict.rate(s.plateaus().startRate()),
            PlateauJudge.ms(s.gates().p99Ms()),
            PlateauJudge.ms(s.gates().maxErrorPct()),
            PlateauJudge.ms(s.gates().minAchievedPct()),
            s.gates().e2eP99Ms() > 0
                ? ", end-to-end p99 <= " + PlateauJudge.ms(s.gates().e2eP99Ms()) + " ms"
                : "",
            s.plateaus().plateauSeconds(),
            s.plateaus().warmUpSeconds(),
            PlateauJudge.ms(s.plateaus().precisionPct()),
            s.plateaus().maxSeconds(),
            injectors > 1 ? "; the rate split over " + injectors + " injectors" : ""));
  }

  static void plateau(PlateauFigures f) {
    Console.out("  " + row(f));
  }

  static void table(CapacityResults r) {
    Console.out(
        "Capacity search '" + r.request() + "' (" + CapacityVerdict.describe(r.setup()) + "):");
    Object[] header = {
      "#", "step", "target/s", "achieved/s", "p50 ms", "p99 ms", "p99.9 ms", "e2e p99", "verdict"
    };
    Console.out(Console.text("  %-3s %-8s %12s %12s %9s %9s %9s %9s  %s", header));
    r.plateaus().forEach(CapacityConsole::plateau);
    Console.out("Capacity: " + r.verdict().text());
  }

  private static String row(PlateauFigures f) {
    String verdict =
        !f.judged()
            ? "warm-up"
            : f.verdict().passed()
                ? "pass"
                : "FAIL: "
                    + String.join(", ", f.verdict().failures())
                    + (f.verdict().injectorLimit() == null
                        ? ""
                        : " [injector: " + f.verdict().injectorLimit() + "]");
    return Console.text(
        "%-3d %-8s %,12.0f %,12.0f %9s %9s %9s %9s  %s",
        f.index(),
        f.kind().toLowerCase(Locale.ROOT).replace('_', '-'),
        f.targetMsgsPerSec(),
        f.achievedMsgsPerSec(),
        cell(f.latencies().ackLatency().p50()),
        cell(f.latencies().ackLatency().p99()),
        cell(f.latencies().ackLatency().p999()),
        f.latencies().endToEnd() == null ? "—" : cell(f.latencies().endToEnd().p99()),
        verdict);
  }

  private static String cell(Double ms) {
    return ms == null ? "—" : PlateauJudge.ms(ms);
  }
}
