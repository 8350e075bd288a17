package kafkaload.internal.action;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import kafkaload.internal.history.BaselineGate;
import kafkaload.internal.history.BaselineGate.Thresholds;
import kafkaload.internal.history.RunHistory;

/**
 * The baseline gate's settings, with the baseline already read (so a missing or malformed one fails
 * before any load); immutable.
 *
 * @param baseline the baseline as given (a kafka-summary.json, a report folder or a history
 *     folder), or null: no comparison, only the history
 * @param runs the baseline's runs, oldest first (empty without a baseline)
 * @param lastRuns how many of a history folder's latest runs are compared with
 * @param thresholds the gate's bounds
 * @param historyDir the folder this run is added to at the end, or null
 * @param label the commit or label this run carries in the history (may be empty)
 */
@RecordBuilder
public record BaselineVerdictSpec(
    String baseline,
    List<RunHistory.Entry> runs,
    int lastRuns,
    Thresholds thresholds,
    Path historyDir,
    String label)
    implements BaselineVerdictSpecBuilder.With {
  /** Every figure's request, "kafka baseline: p99 ack latency" and so on. */
  public static final String PREFIX = BaselineGate.REQUEST_PREFIX;

  /** The request that is KO when the baseline measured something else (another record size...). */
  public static final String COMPARABLE_REQUEST = PREFIX + "comparable";

  /** The requests the gate logs, one per figure and the comparability's. */
  public static List<String> requests() {
    return Stream.concat(
            Stream.of(COMPARABLE_REQUEST), BaselineGate.FIGURES.stream().map(f -> PREFIX + f))
        .toList();
  }

  public static BaselineVerdictSpec none() {
    return new BaselineVerdictSpec(null, List.of(), 10, Thresholds.defaults(), null, "");
  }

  /** Reads the baseline now: throws naming the path and what is wrong with it. */
  public BaselineVerdictSpec withBaseline(String path) {
    List<RunHistory.Entry> read =
        path == null ? List.of() : RunHistory.baseline(Path.of(path), Integer.MAX_VALUE);
    return BaselineVerdictSpecBuilder.With.super.withBaseline(path).withRuns(read);
  }

  public BaselineVerdictSpec withLastRuns(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("the baseline's last runs must be at least 1, not " + n);
    }
    return BaselineVerdictSpecBuilder.With.super.withLastRuns(n);
  }

  /** The runs compared with: a history folder's latest {@link #lastRuns}. */
  public List<RunHistory.Entry> compared() {
    return runs.subList(Math.max(0, runs.size() - lastRuns), runs.size());
  }
}
