package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * Everything a run produced (kafka-summary.json): one injector's run, or the merge of several (then
 * {@code merged} is set, and the injector section and timeline are those of all injectors). The
 * groups are written flat.
 *
 * @param schemaVersion {@link #SCHEMA_VERSION} for the files this code writes
 * @param period when the run started and ended
 * @param parameters the -D knobs the simulation read, with the values it used (secrets masked)
 * @param protocols one section per Kafka protocol of the simulation, in the order they started
 * @param latencySources where the ack latency comes from; null for a merged run
 * @param injector the injector's health (of the worst injector, where a merge cannot add them up)
 * @param timeline per-second samples (downsampled for a long run, see {@code timelineResolution})
 * @param timelineResolution how the timeline was downsampled; null for a merged run
 * @param merged a merged run's rows per injector and what the merge did (each null otherwise)
 * @param verdicts Gatling's verdicts and the comparison with a baseline (each null when none)
 */
@JsonPropertyOrder({
  "schemaVersion",
  "period",
  "parameters",
  "protocols",
  "latencySources",
  "injector",
  "timeline",
  "timelineResolution",
  "merged",
  "verdicts"
})
@RecordBuilder
public record RunResults(
    int schemaVersion,
    @JsonUnwrapped Period period,
    Map<String, String> parameters,
    List<ProtocolResults> protocols,
    @JsonInclude(JsonInclude.Include.NON_NULL) LatencySourceFigures latencySources,
    InjectorResults injector,
    List<InjectorSample> timeline,
    @JsonInclude(JsonInclude.Include.NON_NULL) Resolution timelineResolution,
    @JsonUnwrapped Merged merged,
    @JsonUnwrapped Verdicts verdicts)
    implements RunResultsBuilder.With {

  /** The version of kafka-summary.json's shape; a reader refuses another. */
  public static final int SCHEMA_VERSION = 1;

  public RunResults {
    merged = merged == null ? new Merged(null, null) : merged;
    verdicts = verdicts == null ? new Verdicts(null, null, null) : verdicts;
  }

  /** The same results with Gatling's verdicts on the assertions, and where they came from. */
  public RunResults withGates(List<Gate> gates, String from) {
    return withVerdicts(new Verdicts(gates, from, verdicts.baseline()));
  }

  /** The same results with the comparison with a baseline. */
  public RunResults withBaseline(BaselineComparison baseline) {
    return withVerdicts(new Verdicts(verdicts.gates(), verdicts.gatesFrom(), baseline));
  }

  /**
   * The same results with the process's CPU seconds now, as the report is written: what the run
   * spent after its load (reconciliation, Gatling's parse and report).
   */
  public RunResults withCpuAtReport(double cpuSeconds) {
    if (injector == null || injector.cpu().loadCpu() == null || Double.isNaN(cpuSeconds)) {
      return this;
    }
    return withInjector(injector.withLoadCpu(injector.cpu().loadCpu().withCpuAtReport(cpuSeconds)));
  }

  /**
   * When the run started and ended.
   *
   * @param startedAt the run's start, ISO-8601 UTC
   * @param endedAt its end, ISO-8601 UTC
   */
  public record Period(String startedAt, String endedAt, double durationSeconds) {}

  /**
   * A merged run's injectors (both null for one injector's run).
   *
   * @param injectors a row per injector
   * @param merge what the merge did
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Merged(List<InjectorRow> injectors, MergeInfo merge) {}

  /**
   * The run's verdicts.
   *
   * @param gates Gatling's verdicts on the simulation's assertions; null until judged
   * @param gatesFrom "gatling-console" (the verdicts Gatling printed) or "simulation.log" (judged
   *     again); null when merged
   * @param baseline the comparison with a baseline (-Dgate.baseline); null when none was asked for
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Verdicts(List<Gate> gates, String gatesFrom, BaselineComparison baseline) {}

  /** One gate: Gatling's description, verdict and judged {@code actual}, or its {@code error}. */
  public record Gate(
      String description,
      boolean passed,
      Double actual,
      @JsonInclude(JsonInclude.Include.NON_NULL) String error) {}

  /** A merged run: injectors, those finished, those not, Gatling's exit code, merge time. */
  public record MergeInfo(
      int injectors, int complete, List<Integer> died, int gatlingExitCode, double mergeSeconds) {}

  /** How a series was downsampled: samples, points drawn, samples per point. */
  public record Resolution(
      int samples,
      int points,
      int samplesPerPoint,
      boolean downsampled,
      @JsonInclude(JsonInclude.Include.NON_NULL) String aggregation,
      @JsonInclude(JsonInclude.Include.NON_NULL) String perSecondFile) {

    public static Resolution of(int samples, int perPoint) {
      return new Resolution(
          samples, (samples + perPoint - 1) / perPoint, perPoint, perPoint > 1, null, null);
    }

    public Resolution withFile(String aggregation, String perSecondFile) {
      return new Resolution(
          samples, points, samplesPerPoint, downsampled, aggregation, perSecondFile);
    }
  }
}
