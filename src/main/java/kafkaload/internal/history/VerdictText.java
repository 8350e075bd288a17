package kafkaload.internal.history;

import java.util.Locale;

/**
 * A figure's verdict in words, and the numbers as the gate and the Markdown summary show them: a
 * fixed wording, since CI logs and tests read it.
 */
final class VerdictText {
  private VerdictText() {}

  static String text(
      String name,
      String unit,
      Double b,
      Double c,
      double changePct,
      double shift,
      double low,
      double high,
      double confidence,
      String test,
      double thresholdPct,
      boolean regression,
      String worse) {
    return String.format(
        Locale.ROOT,
        "%s: %s %s -> %s %s (%s, shift %s [%s, %s] %s; limit %s%s%%), confidence %.1f%% (%s)%s",
        name,
        fmt(b),
        unit,
        fmt(c),
        unit,
        Double.isFinite(changePct) ? String.format(Locale.ROOT, "%+.1f%%", changePct) : "new",
        signed(shift),
        signed(low),
        signed(high),
        unit,
        worse.equals("higher") ? "+" : "-",
        fmt(thresholdPct),
        100 * confidence,
        test,
        regression ? ": REGRESSION" : "");
  }

  /** No decimals from 100, two from 1, three below; "-" for a missing value. */
  static String fmt(Double v) {
    if (v == null || v.isNaN()) {
      return "-";
    }
    double a = Math.abs(v);
    return a >= 100
        ? String.format(Locale.ROOT, "%.0f", v)
        : a >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String signed(double v) {
    return (v >= 0 ? "+" : "") + fmt(v);
  }
}
