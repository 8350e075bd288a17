package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import kafkaload.internal.semantic.churn.ChurnFigures.Event;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;

/** The churn's comparison block on the console: one row per protocol and step. Pure. */
final class ChurnConsole {
  private ChurnConsole() {}

  private static final String ROW = "%-27s %-16s %8s %8s %8s %8s %14s %8s %8s %8s %8s %9s %8s";

  static List<String> lines(ChurnFigures f) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "churn '%s': %d consumers on '%s' (%d partitions), %,d msg/s for %,d ms, plan %s",
            f.request(),
            f.consumers(),
            f.topic(),
            f.partitions(),
            f.ratePerSec(),
            f.loadMs(),
            f.plan().isEmpty() ? "(none)" : f.plan()));
    lines.add(
        String.format(
            Locale.ROOT,
            ROW,
            "protocol",
            "step",
            "pause ms",
            "owned ms",
            "read ms",
            "no-read",
            "read twice",
            "min/s",
            "lag peak",
            "back ms",
            "e2e p99",
            "kafka rb",
            "kafka ms"));
    for (Round r : f.rounds()) {
      if (r.events().isEmpty()) {
        lines.add(
            String.format(
                Locale.ROOT, ROW, r.protocol(), "-", "", "", "", "", "", "", "", "", "", "", ""));
      }
      for (Event e : r.events()) {
        lines.add(
            String.format(
                Locale.ROOT,
                ROW,
                r.protocol(),
                e.step(),
                e.recovery().longestUnownedMs(),
                orNever(e.recovery().allOwnedAfterMs()),
                orNever(e.recovery().allReadAfterMs()),
                e.recovery().longestNoReadMs(),
                String.format(
                    Locale.ROOT, "%d (%.2f%%)", e.reads().readTwice(), e.reads().readTwicePct()),
                orDash(e.reads().minReadPerSec()),
                e.lag().peak(),
                orDash(e.lag().backToSteadyMs()),
                orDash(e.endToEnd().p99Ms()),
                e.kafka().rebalances(),
                orDash(e.kafka().latencyAvgMs())));
      }
      ChurnFigures.Counts c = r.counts();
      ChurnFigures.KafkaGroup k = r.kafka();
      lines.add(
          String.format(
              Locale.ROOT,
              "  %s: %,d produced, %,d read at least once, %,d read twice: %s; steady lag %s,"
                  + " e2e p99 %s ms; Kafka: %d rebalances, rebalance-latency-max %s ms,"
                  + " generation %d, group %s (%d members%s)",
              r.protocol(),
              c.produced(),
              c.readAtLeastOnce(),
              c.readTwice(),
              r.verdict() == null ? "nothing lost" : "KO " + r.verdict(),
              orDash(r.steady().lag()),
              orDash(r.steady().endToEndP99Ms()),
              k.rebalances(),
              orDash(k.rebalanceLatencyMaxMs()),
              k.generation(),
              k.state(),
              k.members(),
              k.groupEpoch() == null ? "" : ", epoch " + k.groupEpoch()));
    }
    lines.add(
        "  pause: longest window a partition had no owner; owned/read: until every partition was"
            + " owned/read again (never: not before the next step); no-read: longest time nobody"
            + " read; min/s: fewest read in a second; lag peak and back ms: records owed at the"
            + " peak, time until back at the steady lag; e2e p99: read minus sent; kafka rb/ms:"
            + " rebalances the clients counted and their average rebalance-latency");
    return lines;
  }

  private static String orNever(Long v) {
    return v == null ? "never" : String.valueOf(v);
  }

  private static String orDash(Long v) {
    return v == null ? "-" : String.valueOf(v);
  }
}
