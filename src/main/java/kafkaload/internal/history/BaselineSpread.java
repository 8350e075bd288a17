package kafkaload.internal.history;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import kafkaload.internal.results.BaselineComparison.Figure;

/** A history as baseline: a regression stands only when beyond every baseline run. */
final class BaselineSpread {
  /** Each figure's level in a run, by {@link BaselineGate#FIGURES}; null for the error rate. */
  private static final List<ToDoubleFunction<RunFigures>> LEVELS =
      Arrays.asList(
          f -> f.ackMs(99),
          f -> f.ackMs(99.9),
          f -> Stats.medianOf(f.msgsPerSec()),
          null,
          f -> Stats.medianOf(f.cpuUsPerMsg()),
          f -> f.e2eMs(99),
          f -> Stats.medianOf(f.lag()));

  private BaselineSpread() {}

  /** Replaces each regression within the baseline runs' range with a pass that says so. */
  static void apply(List<Figure> figures, RunFigures now, List<RunFigures> before) {
    for (int i = 0; i < figures.size(); i++) {
      ToDoubleFunction<RunFigures> level = LEVELS.get(i);
      if (level != null) {
        double[] runs = before.stream().mapToDouble(level).toArray();
        figures.set(i, beyondEveryRun(figures.get(i), level.applyAsDouble(now), runs));
      }
    }
  }

  /** A regression stands only when worse than every baseline run; otherwise a pass, saying so. */
  static Figure beyondEveryRun(Figure f, double now, double[] runs) {
    if (!f.regression() || Double.isNaN(now)) {
      return f;
    }
    boolean higher = f.worseWhen().equals("higher");
    DoubleStream known = Arrays.stream(runs).filter(r -> !Double.isNaN(r));
    double worst =
        higher
            ? known.max().orElse(Double.NEGATIVE_INFINITY)
            : known.min().orElse(Double.POSITIVE_INFINITY);
    if (higher ? now > worst : now < worst) {
      return f;
    }
    String verdict =
        f.verdict().replace(": REGRESSION", "")
            + String.format(
                Locale.ROOT,
                "; not failed: %s is within the range of the %d baseline runs (the %s is %s)",
                VerdictText.fmt(now),
                runs.length,
                higher ? "highest" : "lowest",
                VerdictText.fmt(worst));
    return f.with(b -> b.regression(false).verdict(verdict));
  }
}
