package kafkaload.internal.history;

import java.util.List;
import java.util.Locale;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.results.MarkdownLines;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.RunResults;

/**
 * A run in Markdown (kafka-summary.md beside the report), for {@code $GITHUB_STEP_SUMMARY} or a
 * merge-request note: the verdict, the gates, the key figures and the deltas against the baseline.
 */
public final class MarkdownSummary {
  private MarkdownSummary() {}

  public static String of(RunResults r, String label) {
    StringBuilder md = new StringBuilder();
    boolean gatesFailed =
        r.verdicts().gates() != null && r.verdicts().gates().stream().anyMatch(g -> !g.passed());
    boolean regressed = r.verdicts().baseline() != null && r.verdicts().baseline().regressed();
    String simulation = r.parameters() == null ? null : r.parameters().get("simulation");
    md.append("## Kafka load test: ")
        .append(gatesFailed || regressed ? "FAILED" : "passed")
        .append(simulation == null ? "" : " (" + simulation + ")")
        .append("\n\n");
    md.append("Run ")
        .append(r.period().startedAt())
        .append(label == null || label.isEmpty() ? "" : ", `" + label + "`")
        .append(String.format(Locale.ROOT, ", %.0f s.", r.period().durationSeconds()));
    if (r.injector() != null && r.injector().saturated()) {
      md.append(" **The injector was saturated: the figures are a floor** (")
          .append(String.join("; ", r.injector().reasons()))
          .append(").");
    }
    md.append("\n\n");
    RunFigures f = RunFigures.of(r);
    md.append("| figure | value |\n|---|---:|\n");
    row(md, "msg/s (measured requests)", f.msgsPerSecTotal());
    row(md, "p50 ack latency (ms)", f.ackPercentiles().p50());
    row(md, "p99 ack latency (ms)", f.ackPercentiles().p99());
    row(md, "p99.9 ack latency (ms)", f.ackPercentiles().p999());
    row(md, "error %", f.errorPct());
    row(
        md,
        "CPU per message (µs of the machine)",
        Stats.nullIfNaN(Stats.medianOf(f.cpuUsPerMsg())));
    LoadCpu cpu = r.injector() == null ? null : r.injector().cpu().loadCpu();
    if (cpu != null) {
      // CPU time (one core's µs), not the per-second machine share above; an in-JVM broker is in
      // it.
      String broker = cpu.brokerInJvm() ? ", the in-JVM broker included" : "";
      row(
          md,
          "CPU per message during the load (µs of CPU time" + broker + ")",
          cpu.microsPerMessage());
      row(md, "injector CPU-s before the load (start-up, warm-up)", cpu.beforeSeconds());
      row(md, "injector CPU-s during the load", cpu.duringSeconds());
      row(
          md,
          "injector CPU-s after the load (reconciliation, Gatling's parse, report)",
          cpu.afterSeconds());
    }
    row(md, "p99 end-to-end latency (ms)", Stats.nullIfNaN(f.e2eMs(99)));
    md.append("\n");
    // The registered semantics' own lines (a capacity verdict, ...), typed sections only.
    for (ProtocolResults protocol :
        r.protocols() == null ? List.<ProtocolResults>of() : r.protocols()) {
      for (Object section : protocol.sections().values()) {
        if (section instanceof MarkdownLines lines) {
          lines.markdownLines().forEach(l -> md.append(l).append("\n"));
          md.append("\n");
        }
      }
    }
    if (r.verdicts().gates() != null && !r.verdicts().gates().isEmpty()) {
      md.append("### Gates\n\n| gate | verdict | actual |\n|---|---|---:|\n");
      for (RunResults.Gate g : r.verdicts().gates()) {
        row(
            md,
            cell(g.description()),
            g.passed() ? "pass" : "**FAIL**",
            g.actual() != null ? VerdictText.fmt(g.actual()) : cell(g.error()));
      }
      md.append("\n");
    }
    BaselineComparison b = r.verdicts().baseline();
    if (b != null) {
      md.append("### Against the baseline\n\n")
          .append("Baseline: `")
          .append(b.baseline())
          .append("` (")
          .append(b.baselineRuns())
          .append(b.baselineRuns() == 1 ? " run).\n\n" : " runs).\n\n");
      md.append("| figure | baseline | this run | change | confidence | limit | verdict |\n")
          .append("|---|---:|---:|---:|---:|---:|---|\n");
      for (BaselineComparison.Figure fig : b.figures()) {
        String pct = fig.name().equals(BaselineGate.ERRORS) ? " pts" : "%";
        boolean judged = !fig.estimate().test().equals("none");
        row(
            md,
            fig.name() + (fig.unit().isEmpty() ? "" : " (" + fig.unit() + ")"),
            VerdictText.fmt(fig.values().baseline()),
            VerdictText.fmt(fig.values().current()),
            fig.values().changePct() == null
                ? "-"
                : String.format(Locale.ROOT, "%+.1f%s", fig.values().changePct(), pct),
            judged ? String.format(Locale.ROOT, "%.1f%%", 100 * fig.estimate().confidence()) : "-",
            (fig.worseWhen().equals("higher") ? "+" : "-")
                + VerdictText.fmt(fig.thresholdPct())
                + pct,
            fig.regression() ? "**REGRESSION**" : judged ? "ok" : "not judged");
      }
      List<String> flags = b.flags();
      if (!flags.isEmpty()) {
        md.append("\nFlags:\n");
        flags.forEach(x -> md.append("- ").append(cell(x)).append("\n"));
      }
      md.append("\n");
    }
    return md.toString();
  }

  private static void row(StringBuilder md, String name, Double value) {
    row(md, name, VerdictText.fmt(value));
  }

  /** A table row of these cells. */
  private static void row(StringBuilder md, String... cells) {
    md.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }

  private static String cell(String s) {
    return s == null ? "-" : s.replace("|", "\\|").replace("\n", " ");
  }
}
