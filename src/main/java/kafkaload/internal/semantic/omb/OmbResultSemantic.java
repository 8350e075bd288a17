package kafkaload.internal.semantic.omb;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gatling.core.action.builder.ActionBuilder;
import java.io.IOException;
import java.nio.file.Path;
import kafkaload.internal.action.Actions;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * OMB's result file ({@code ombResult} in a protocol's results, and {@code omb-result.json} in the
 * run's folder, what OMB's own chart script reads): made when a simulation asks for it with its
 * step ({@link #step}). One injector's: a distributed run's merge keeps none.
 */
public final class OmbResultSemantic extends CountedSemantic<OmbTestResult, OmbWindows> {
  public static final SectionType<OmbTestResult> SECTION =
      new SectionType<>("ombResult", new TypeReference<>() {});

  /** The file's name in the run's folder. */
  public static final String FILE = "omb-result.json";

  // Thread-safe once configured.
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public OmbResultSemantic() {
    super(SECTION, OmbWindows.class, w -> w.result(System.currentTimeMillis()));
  }

  /**
   * The step that starts OMB's windows: the first of a population of one user, at the load's start;
   * the windows start {@code spec.measuredAfter()} later. Passes on at once.
   */
  public static ActionBuilder step(OmbResultSpec spec) {
    return Actions.scala(
        (c, ctx, next) -> {
          spec.check();
          return new OmbResultAction(spec, c.start(), next);
        });
  }

  @Override
  public void writeFiles(Path runDir, OmbTestResult section) throws IOException {
    JSON.writeValue(runDir.resolve(FILE).toFile(), section);
  }
}
