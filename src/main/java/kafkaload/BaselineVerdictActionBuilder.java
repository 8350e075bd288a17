package kafkaload;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.nio.file.Path;
import java.util.function.Supplier;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.BaselineVerdictSpec;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.history.BaselineGate;
import kafkaload.internal.history.BaselineGate.Thresholds;
import kafkaload.internal.history.Comparability;

/**
 * {@code baselineVerdict(baseline)}: after the load, compares the run with a baseline (a previous
 * run's kafka-summary.json or report folder, or a history folder of runs) and records one request
 * per figure, KO when it regressed; {@link Gates#baseline()} fails the build on them. The baseline
 * is read when the builder is made, so a missing or malformed one fails before any load. Every call
 * returns a new builder. See docs/ci-gate.md.
 */
public final class BaselineVerdictActionBuilder extends SpecStep {
  /** The request that is KO when the baseline measured something else. */
  public static final String COMPARABLE_REQUEST = BaselineVerdictSpec.COMPARABLE_REQUEST;

  private final BaselineVerdictSpec spec;

  BaselineVerdictActionBuilder(String baseline) {
    this(checked(() -> BaselineVerdictSpec.none().withBaseline(baseline)));
  }

  private BaselineVerdictActionBuilder(BaselineVerdictSpec spec) {
    super(() -> Actions.baselineVerdict(spec));
    this.spec = spec;
  }

  /** The spec {@code next} makes; a value it refuses is the run's config error. */
  private static BaselineVerdictSpec checked(Supplier<BaselineVerdictSpec> next) {
    try {
      return next.get();
    } catch (IllegalArgumentException e) {
      throw new KafkaLoadConfigException("baseline gate: " + e.getMessage(), e);
    }
  }

  /**
   * The bounds: the confidence a regression needs, then the largest allowed worsening of each
   * figure in % of the baseline (the error rate in percentage points). Defaults: {@link
   * Thresholds#defaults()}.
   */
  public BaselineVerdictActionBuilder thresholds(
      double confidence,
      double p99Pct,
      double p999Pct,
      double throughputPct,
      double errorPoints,
      double cpuPct,
      double e2ePct,
      double lagPct) {
    return new BaselineVerdictActionBuilder(
        checked(
            () ->
                spec.withThresholds(
                    new Thresholds(
                        confidence,
                        p99Pct,
                        p999Pct,
                        throughputPct,
                        errorPoints,
                        cpuPct,
                        e2ePct,
                        lagPct))));
  }

  /** A history folder as baseline: compare with its latest {@code n} runs (default 10). */
  public BaselineVerdictActionBuilder lastRuns(int n) {
    return new BaselineVerdictActionBuilder(checked(() -> spec.withLastRuns(n)));
  }

  /** Adds the run to this history folder, labelled (a commit, a version), once it is judged. */
  public BaselineVerdictActionBuilder history(String dir, String label) {
    return new BaselineVerdictActionBuilder(
        spec.withHistoryDir(dir == null || dir.isBlank() ? null : Path.of(dir))
            .withLabel(label == null ? "" : label));
  }

  /**
   * Refuses, before any load, a baseline of another simulation, record size, acks, broker or
   * injector count, as far as {@code parameters} (the parameters read so far) tell.
   */
  public BaselineVerdictActionBuilder checkComparable(java.util.Map<String, String> parameters) {
    for (var run : spec.compared()) {
      var refusing =
          Comparability.refusedBeforeLoad(
              parameters, run.results().parameters(), run.file().toString());
      refuseIf(
          !refusing.isEmpty(),
          "baseline gate: the baseline measured something else, so it cannot judge this run: "
              + String.join("; ", refusing));
    }
    return this;
  }

  /** True when a baseline was given (not only a history folder). */
  public boolean comparing() {
    return spec.baseline() != null;
  }

  /** The figures judged, in order. */
  public static java.util.List<String> figures() {
    return BaselineGate.FIGURES;
  }
}
