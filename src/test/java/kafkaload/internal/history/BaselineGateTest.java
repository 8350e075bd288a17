package kafkaload.internal.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.RunResults;
import org.junit.jupiter.api.Test;

/** The gate on a real run's summary and variants of it with known changes. */
class BaselineGateTest {
  private static final BaselineGate.Thresholds T = BaselineGate.Thresholds.defaults();

  private static BaselineComparison.Figure figure(BaselineComparison c, String name) {
    return c.figures().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theFixtureHasEnoughMeasuredSeconds() {
    RunFigures f = RunFigures.of(Fixtures.run());
    assertTrue(
        f.msgsPerSec().length >= BaselineGate.MIN_SAMPLES,
        "measured seconds: " + f.msgsPerSec().length);
    assertTrue(f.ackP99Ms().length >= BaselineGate.MIN_SAMPLES);
    assertTrue(f.ack() != null && f.ack().getTotalCount() > 0);
  }

  @Test
  void aRunAgainstItselfPasses() {
    RunResults r = Fixtures.run();
    BaselineComparison c = BaselineGate.compare(r, List.of(r), T, "itself");
    assertFalse(c.regressed(), c.figures().toString());
    assertTrue(c.flags().isEmpty(), c.flags().toString());
  }

  @Test
  void noiseWithinTheThresholdsPasses() {
    RunResults r = Fixtures.run();
    for (long seed = 1; seed <= 20; seed++) {
      RunResults a = Fixtures.scaled(r, 1, 1, 0.10, seed);
      RunResults b = Fixtures.scaled(r, 1.05, 0.97, 0.10, seed + 100);
      BaselineComparison c = BaselineGate.compare(b, List.of(a), T, "noise");
      assertFalse(c.regressed(), "seed " + seed + ": " + c.figures());
    }
  }

  @Test
  void slowerAcksFailNamingTheFigureBothValuesTheChangeAndItsConfidence() {
    RunResults r = Fixtures.run();
    BaselineComparison c =
        BaselineGate.compare(Fixtures.scaled(r, 3, 1, 0, 1), List.of(r), T, "base");
    BaselineComparison.Figure p99 = figure(c, BaselineGate.P99);
    assertTrue(p99.regression(), p99.verdict());
    assertTrue(p99.estimate().confidence() >= T.confidence());
    assertTrue(p99.values().changePct() > 100, p99.verdict());
    assertTrue(p99.values().current() > 2 * p99.values().baseline(), p99.verdict());
    assertTrue(
        p99.verdict().startsWith("p99 ack latency: ")
            && p99.verdict().contains("confidence")
            && p99.verdict().contains("->")
            && p99.verdict().contains("REGRESSION"),
        p99.verdict());
    assertTrue(figure(c, BaselineGate.P999).regression(), figure(c, BaselineGate.P999).verdict());
    assertFalse(figure(c, BaselineGate.RATE).regression());
  }

  @Test
  void lowerThroughputFailsAndRaisesTheCpuPerMessage() {
    RunResults r = Fixtures.run();
    BaselineComparison c =
        BaselineGate.compare(Fixtures.scaled(r, 1, 0.5, 0, 1), List.of(r), T, "base");
    BaselineComparison.Figure rate = figure(c, BaselineGate.RATE);
    assertTrue(rate.regression(), rate.verdict());
    assertTrue(rate.values().changePct() < -40, rate.verdict());
    assertEquals("lower", rate.worseWhen());
    assertTrue(figure(c, BaselineGate.CPU).regression(), figure(c, BaselineGate.CPU).verdict());
    assertFalse(figure(c, BaselineGate.P99).regression());
  }

  @Test
  void fasterIsNeverARegression() {
    RunResults r = Fixtures.run();
    BaselineComparison c =
        BaselineGate.compare(Fixtures.scaled(r, 0.3, 2, 0, 1), List.of(r), T, "base");
    assertFalse(c.regressed(), c.figures().toString());
  }

  @Test
  void aChangeBelowTheMinimumEffectPassesEvenWhenCertain() {
    double[] before = new double[30];
    double[] after = new double[30];
    for (int i = 0; i < before.length; i++) {
      before[i] = 10 + i * 0.01;
      after[i] = before[i] * 1.15;
    }
    BaselineComparison.Figure f =
        FigureJudge.samples(
            BaselineGate.P99, "ms", true, after, before, 25, T, Double.NaN, Double.NaN);
    assertTrue(f.estimate().confidence() > 0.999, f.verdict());
    assertFalse(f.regression(), f.verdict());
    BaselineComparison.Figure big =
        FigureJudge.samples(
            BaselineGate.P99, "ms", true, after, before, 10, T, Double.NaN, Double.NaN);
    assertTrue(big.regression(), big.verdict());
  }

  /**
   * A figure sampled in one run only (say end-to-end latency, when this run's consumer read
   * nothing): skipped with its reason, not a NullPointerException that fails every figure.
   */
  @Test
  void aFigureSampledInOneRunOnlyIsSkippedNamingWhy() {
    double[] before = {10, 11, 12, 13, 14, 15};
    BaselineComparison.Figure f =
        FigureJudge.samples(
            BaselineGate.P99, "ms", true, new double[0], before, 25, T, Double.NaN, Double.NaN);
    assertFalse(f.regression(), f.verdict());
    assertEquals(null, f.values().current(), f.verdict());
    assertEquals(12.5, f.values().baseline(), 1e-9);
  }

  @Test
  void aHistoryRunAsBadAsThisOneKeepsItFromFailing() {
    double[] before = new double[30];
    double[] after = new double[30];
    for (int i = 0; i < before.length; i++) {
      before[i] = 10 + i * 0.01;
      after[i] = before[i] * 1.5;
    }
    BaselineComparison.Figure f =
        FigureJudge.samples(
            BaselineGate.P99, "ms", true, after, before, 25, T, Double.NaN, Double.NaN);
    assertTrue(f.regression(), f.verdict());
    BaselineComparison.Figure kept =
        BaselineSpread.beyondEveryRun(f, 15, new double[] {10, 10.2, 16});
    assertFalse(kept.regression(), kept.verdict());
    assertTrue(
        kept.verdict().contains("within the range of the 3 baseline runs (the highest is 16.00)"),
        kept.verdict());
    assertTrue(BaselineSpread.beyondEveryRun(f, 15, new double[] {10, 10.2, 11}).regression());
    BaselineComparison.Figure rate =
        FigureJudge.samples(
            BaselineGate.RATE, "msg/s", false, before, after, 15, T, Double.NaN, Double.NaN);
    assertTrue(rate.regression(), rate.verdict());
    assertFalse(BaselineSpread.beyondEveryRun(rate, 10, new double[] {15, 9}).regression());
    assertTrue(BaselineSpread.beyondEveryRun(rate, 10, new double[] {15, 14}).regression());
  }

  @Test
  void moreErrorsFail() {
    RunResults r = Fixtures.run();
    BaselineComparison c = BaselineGate.compare(Fixtures.withFailed(r, 500), List.of(r), T, "base");
    BaselineComparison.Figure e = figure(c, BaselineGate.ERRORS);
    assertTrue(e.regression(), e.verdict());
    assertTrue(e.values().current() > 2 && e.values().baseline() == 0, e.verdict());
  }

  @Test
  void figuresAbsentFromBothRunsAreNotJudged() {
    RunResults r = Fixtures.run();
    BaselineComparison c = BaselineGate.compare(r, List.of(r), T, "base");
    assertEquals("none", figure(c, BaselineGate.E2E).estimate().test());
    assertEquals("none", figure(c, BaselineGate.LAG).estimate().test());
  }

  @Test
  void aHistoryPoolsItsRunsAndMedianIsShown() {
    RunResults r = Fixtures.run();
    List<RunResults> history =
        List.of(
            Fixtures.scaled(r, 1, 1, 0.05, 1),
            Fixtures.scaled(r, 1, 1, 0.05, 2),
            Fixtures.scaled(r, 1, 1, 0.05, 3));
    BaselineComparison c =
        BaselineGate.compare(Fixtures.scaled(r, 2, 1, 0.05, 4), history, T, "history");
    assertEquals(3, c.baselineRuns());
    BaselineComparison.Figure p99 = figure(c, BaselineGate.P99);
    assertTrue(p99.regression(), p99.verdict());
    assertTrue(
        p99.estimate().test().contains("vs " + 3 * RunFigures.of(r).ackP99Ms().length),
        p99.estimate().test());
  }

  @Test
  void differencesAreFlagged() {
    RunResults r = Fixtures.run();
    BaselineComparison c =
        BaselineGate.compare(
            Fixtures.saturated(Fixtures.withParameter(r, "linger.ms", "50")),
            List.of(r),
            T,
            "base");
    assertTrue(
        c.flags().stream().anyMatch(f -> f.startsWith("linger.ms: 1 in the baseline, 50 now")),
        c.flags().toString());
    assertTrue(
        c.flags().stream().anyMatch(f -> f.contains("saturated in this run")),
        c.flags().toString());
  }

  @Test
  void thresholdsRefuseANonsenseConfidence() {
    try {
      new BaselineGate.Thresholds(1.5, 1, 1, 1, 1, 1, 1, 1);
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("confidence"));
      return;
    }
    throw new AssertionError("a confidence of 1.5 was accepted");
  }
}
