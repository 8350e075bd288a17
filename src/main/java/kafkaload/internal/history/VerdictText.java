package kafkaload.internal.history;

import java.util.Locale;
import kafkaload.internal.results.BaselineComparison.Figure;

/** A figure's verdict in words, a fixed wording: CI logs and tests read it. */
final class VerdictText {
  private VerdictText() {}

  static String text(Figure f) {
    String unit = f.unit();
    return String.format(
        Locale.ROOT,
        "%s: %s %s -> %s %s (%s, shift %s [%s, %s] %s; limit %s%s%%), confidence %.1f%% (%s)%s",
        f.name(),
        fmt(f.values().baseline()),
        unit,
        fmt(f.values().current()),
        unit,
        f.values().changePct() == null
            ? "new"
            : String.format(Locale.ROOT, "%+.1f%%", f.values().changePct()),
        signed(f.estimate().shift()),
        signed(f.estimate().shiftLow()),
        signed(f.estimate().shiftHigh()),
        unit,
        f.worseWhen().equals("higher") ? "+" : "-",
        fmt(f.thresholdPct()),
        100 * f.estimate().confidence(),
        f.estimate().test(),
        f.regression() ? ": REGRESSION" : "");
  }

  /** No decimals from 100, two from 1, three below; "-" for a missing value. */
  static String fmt(Double v) {
    if (v == null || v.isNaN()) {
      return "-";
    }
    double a = Math.abs(v);
    return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 1 ? "%.2f" : "%.3f", v);
  }

  private static String signed(double v) {
    return (v >= 0 ? "+" : "") + fmt(v);
  }
}
