package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * A run compared with its baseline (-Dgate.baseline): what the baseline was, the differences that
 * make the comparison doubtful (flags), and one verdict per figure.
 *
 * @param baseline the file or folder compared with
 * @param baselineRuns how many earlier runs the baseline holds
 * @param flags differences that do not refuse the comparison but weaken it (another linger.ms, a
 *     saturated injector)
 * @param figures one verdict per figure compared
 */
public record BaselineComparison(
    String baseline, int baselineRuns, List<String> flags, List<Figure> figures) {

  /** True when any figure regressed beyond its threshold with the required confidence. */
  public boolean regressed() {
    return figures.stream().anyMatch(Figure::regression);
  }

  /**
   * One figure: the baseline's and this run's value, the change, the test and its confidence. The
   * groups are written flat.
   *
   * @param name the figure, for example "p99 ack latency"
   * @param unit its unit ("ms", "msg/s", "%", "µs/msg")
   * @param worseWhen "higher" or "lower"
   * @param values the baseline's and this run's value, and the change
   * @param estimate the estimated shift, the test used and its confidence
   * @param thresholdPct the minimum change that counts, % of the baseline (percentage points for
   *     the error rate)
   * @param regression true when worse by more than the threshold, with the required confidence
   * @param verdict one line in words: values, change and confidence, or why the figure was skipped
   */
  @RecordBuilder
  public record Figure(
      String name,
      String unit,
      String worseWhen,
      @JsonUnwrapped Values values,
      @JsonUnwrapped Estimate estimate,
      double thresholdPct,
      boolean regression,
      String verdict)
      implements BaselineComparisonFigureBuilder.With {

    /**
     * The values compared (each null when not measured).
     *
     * @param baseline the baseline's value (the median over its runs)
     * @param current this run's value
     * @param changePct the relative change of the estimated shift, % of the baseline (positive: up)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Values(Double baseline, Double current, Double changePct) {}

    /**
     * The estimated shift and the test.
     *
     * @param shift the estimated shift (Hodges-Lehmann for per-second samples; the difference of
     *     the values otherwise), in the figure's unit
     * @param shiftLow the low end of the shift's confidence interval (null when the test gives
     *     none)
     * @param shiftHigh the high end
     * @param confidence the test's confidence that this run is worse (1 - one-sided p), 0..1
     * @param test the test used, with its sample sizes
     */
    public record Estimate(
        @JsonInclude(JsonInclude.Include.NON_NULL) Double shift,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double shiftLow,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double shiftHigh,
        double confidence,
        String test) {}
  }
}
