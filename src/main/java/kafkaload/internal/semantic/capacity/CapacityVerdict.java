package kafkaload.internal.semantic.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import kafkaload.internal.config.Console;

/**
 * The search's answer in one line that names the limit: the sustained rate with what it holds for,
 * and the rate that failed with why, or that an injector, the clock or no rate at all ended it.
 */
final class CapacityVerdict {
  private CapacityVerdict() {}

  static CapacityResults.Verdict of(
      Search search, List<PlateauFigures> plateaus, CapacityResults.Setup setup) {
    List<PlateauFigures> judged = plateaus.stream().filter(PlateauFigures::judged).toList();
    double sustained = search.sustained();
    Optional<PlateauFigures> held =
        judged.stream()
            .filter(p -> p.verdict().passed() && p.targetMsgsPerSec() == sustained)
            .reduce((a, b) -> b);
    // Rates are positive: with none sustained (0), every failed rate is above it.
    Optional<PlateauFigures> broke =
        judged.stream()
            .filter(p -> !p.verdict().passed() && p.targetMsgsPerSec() > sustained)
            .min(Comparator.comparingDouble(PlateauFigures::targetMsgsPerSec));
    StringBuilder text = new StringBuilder();
    String limit;
    if (held.isPresent()) {
      PlateauFigures.Latencies l = held.get().latencies();
      text.append(
          Console.text(
              "sustainable %s (%s) at p99 %s ms",
              rate(sustained), describe(setup), PlateauJudge.ms(l.ackLatency().p99())));
      if (l.endToEnd() != null && l.endToEnd().p99() != null) {
        text.append(" (end to end " + PlateauJudge.ms(l.endToEnd().p99()) + " ms)");
      }
      if (!search.confirmed() && search.stopReason() != null) {
        text.append(" (not confirmed: ").append(search.stopReason()).append(')');
      }
    } else {
      text.append("no rate met the gates");
    }
    if (broke.isPresent()) {
      PlateauFigures b = broke.get();
      text.append(held.isPresent() ? "; " : ": ")
          .append(rate(b.targetMsgsPerSec()))
          .append(" failed: ")
          .append(String.join(", ", b.verdict().failures()));
      limit = held.isPresent() ? "cluster" : "none";
      // Any failed rate above the sustained one where an injector was late or busy makes the
      // injector a suspect: the lowest such one is named.
      Optional<PlateauFigures> suspect =
          judged.stream()
              .filter(p -> !p.verdict().passed() && p.verdict().injectorLimit() != null)
              .filter(p -> p.targetMsgsPerSec() >= b.targetMsgsPerSec())
              .min(Comparator.comparingDouble(PlateauFigures::targetMsgsPerSec));
      if (suspect.isPresent()) {
        PlateauFigures x = suspect.get();
        limit = "injector";
        text.append("; but ")
            .append(x == b ? "" : "at " + rate(x.targetMsgsPerSec()) + " ")
            .append(x.verdict().injectorLimit())
            .append(held.isPresent() ? ", so the capacity is above " + rate(sustained) : "")
            .append(": add injectors (-Dinjector.count) before calling it the cluster's limit");
      }
    } else {
      limit = held.isPresent() ? "time" : "none";
      if (held.isPresent()) {
        text.append("; no rate failed before ")
            .append(Optional.ofNullable(search.stopReason()).orElse("the search ended"))
            .append(": the capacity is at least that");
      }
    }
    return new CapacityResults.Verdict(
        held.isPresent() ? sustained : null,
        held.map(p -> p.latencies().ackLatency().p99()).orElse(null),
        broke.map(PlateauFigures::targetMsgsPerSec).orElse(null),
        broke.map(p -> p.verdict().failures()).orElse(List.of()),
        limit,
        search.confirmed(),
        text.toString());
  }

  static String rate(double msgsPerSec) {
    return Console.text("%,.0f msg/s", msgsPerSec);
  }

  /** "1 KiB, acks=all, 16 partitions". */
  static String describe(CapacityResults.Setup s) {
    double b = s.recordBytes();
    String size =
        b < 1024
            ? Console.text("%.0f B", b)
            : PlateauJudge.ms(Math.round(b / 1024 * 10) / 10.0) + " KiB";
    return Console.text(
        "%s, acks=%s%s%s",
        size,
        s.acks(),
        s.partitions() == null ? "" : ", " + s.partitions() + " partitions",
        s.injectors() > 1 ? ", " + s.injectors() + " injectors" : "");
  }
}
