package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.history.BaselineGate;
import kafkaload.internal.history.Comparability;
import kafkaload.internal.history.RunHistory;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.RunResults;

/**
 * After the load, compares this run's figures with the baseline's as one Gatling request per figure
 * ("kafka baseline: p99 ack latency"), KO when it regressed, so the gates fail the build; hands the
 * history folder to the run.
 */
final class BaselineVerdictAction extends KafkaAction {
  private final BaselineVerdictSpec spec;

  BaselineVerdictAction(KafkaComponents components, Action next, BaselineVerdictSpec spec) {
    super("kafka baseline verdict", components, next);
    this.spec = spec;
  }

  @Override
  public void execute(Session session) {
    components.health().loadEnded();
    Daemons.start("kafkaload-baseline-verdict", () -> judge(session));
  }

  private void judge(Session session) {
    if (spec.historyDir() != null) {
      components.history(spec.historyDir(), spec.label());
    }
    if (spec.baseline() == null) {
      next.$bang(session);
      return;
    }
    boolean failed = false;
    try {
      RunResults now = components.snapshot();
      List<RunResults> before = spec.compared().stream().map(RunHistory.Entry::results).toList();
      BaselineComparison c = BaselineGate.compare(now, before, spec.thresholds(), spec.baseline());
      components.baselineCompared(c);
      List<String> refusing = new ArrayList<>();
      for (int i = 0; i < before.size(); i++) {
        refusing.addAll(
            Comparability.of(
                    now,
                    before.get(i),
                    before.size() == 1 ? "the baseline" : "baseline run " + (i + 1))
                .refusing());
      }
      Console.out(format(c));
      String comparable =
          refusing.isEmpty()
              ? null
              : "the baseline measured something else: " + String.join("; ", refusing);
      failed |= comparable != null;
      logVerdict(session, BaselineVerdictSpec.COMPARABLE_REQUEST, comparable);
      for (BaselineComparison.Figure f : c.figures()) {
        failed |= f.regression();
        logVerdict(
            session, BaselineVerdictSpec.PREFIX + f.name(), f.regression() ? f.verdict() : null);
      }
    } catch (RuntimeException | Error e) {
      String reason = "could not compare with the baseline " + spec.baseline() + ": " + reason(e);
      Console.out("[kafkaload] BASELINE GATE FAILED: " + reason);
      BaselineVerdictSpec.requests().forEach(r -> logVerdict(session, r, reason));
      failed = true;
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  static String format(BaselineComparison c) {
    return String.format(
            "%n[kafkaload] ---- Baseline: %s (%d run%s) ----%n",
            c.baseline(), c.baselineRuns(), c.baselineRuns() == 1 ? "" : "s")
        + c.flags().stream().map(f -> "  FLAG: " + f + "\n").collect(Collectors.joining())
        + c.figures().stream()
            .map(f -> (f.regression() ? "  REGRESSION " : "  ok         ") + f.verdict() + "\n")
            .collect(Collectors.joining())
        + "  BASELINE VERDICT: "
        + (c.regressed() ? "FAIL" : "PASS");
  }
}
