package kafkaload.internal.distributed;

import java.util.List;

/** The merge's exit code: a dead injector fails the run; else the gates on the merged log. */
record MergeVerdict(int exitCode, String text) {
  /**
   * {@code dead}: the injectors that did not finish; {@code deadInTopic}: their records the
   * read-back found; {@code gatling}: the exit code of Gatling's reports-only mode.
   */
  static MergeVerdict of(List<Integer> dead, long deadInTopic, int gatling) {
    if (!dead.isEmpty()) {
      return new MergeVerdict(
          Merge.INJECTOR_DIED,
          String.format(
              "FAILED: injector(s) %s did not finish%s; see the rows above",
              dead.stream().map(String::valueOf).toList(),
              deadInTopic > 0
                  ? "; %s of their records are in the topic, acked by no injector's results"
                      .formatted(deadInTopic)
                  : ""));
    }
    return switch (gatling) {
      case Merge.PASSED ->
          new MergeVerdict(Merge.PASSED, "PASSED: every gate of the merged run passed");
      case Merge.GATE_FAILED ->
          new MergeVerdict(Merge.GATE_FAILED, "FAILED: a gate of the merged run failed");
      default ->
          new MergeVerdict(
              1, "FAILED: Gatling's reports-only mode ended with exit code " + gatling);
    };
  }
}
