package kafkaload.internal.semantic.faultwatch;

import static kafkaload.internal.config.Console.text;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;

/** The console's block per fault at the end of a run (and of a merged run). */
final class FaultConsole {
  /** Partitions listed on a fault's line; the rest are counted. */
  static final int LISTED = 8;

  private FaultConsole() {}

  /** One block per fault, then the run's lost and duplicated records; none without a section. */
  static List<String> lines(FaultImpact s) {
    List<String> out = new ArrayList<>();
    if (s == null || s.faults().isEmpty()) {
      return out;
    }
    for (FaultImpact.Fault f : s.faults()) {
      out.add(
          text(
              "[kafkaload] What fault %s cost (at %.1f s%s, broker %d): %s",
              f.step(),
              f.timing().atSeconds(),
              f.timing().healedAtSeconds() == null
                  ? ""
                  : text(", healed at %.1f s", f.timing().healedAtSeconds()),
              f.broker(),
              windows(f)));
      out.add(
          text(
              "[kafkaload]   %d leader election%s, %d ISR shrink%s, %d ISR expansion%s; %s; ack latency"
                  + " during: p99 %s, max %s; after: p99 %s, max %s",
              f.metadata().elections().size(),
              f.metadata().elections().size() == 1 ? "" : "s",
              f.metadata().isrShrinks(),
              f.metadata().isrShrinks() == 1 ? "" : "s",
              f.metadata().isrExpansions(),
              f.metadata().isrExpansions() == 1 ? "" : "s",
              kos(f),
              ms(f.ackLatency().ackP99MsDuring()),
              ms(f.ackLatency().ackMaxMsDuring()),
              ms(f.ackLatency().ackP99MsAfter()),
              ms(f.ackLatency().ackMaxMsAfter())));
    }
    out.add(
        "[kafkaload]   over the whole run (the reconciliation does not tell faults apart): "
            + (s.lostPerRun() == null
                ? "no reconciliation"
                : s.lostPerRun() + " acked records lost, " + s.duplicatesPerRun() + " duplicates"));
    return out;
  }

  private static String windows(FaultImpact.Fault f) {
    FaultImpact.Unavailability u = f.unavailability();
    if (u.windows().isEmpty()) {
      return "no partition unavailable";
    }
    String worst =
        u.worstWindowMs() == null
            ? "no ack after it on " + u.unrecovered() + " partition(s)"
            : text(
                "unavailable up to %,d ms (%s)%s",
                u.worstWindowMs(),
                u.worstPartition(),
                u.unrecovered() > 0 ? ", " + u.unrecovered() + " never acked again" : "");
    String list =
        u.windows().stream()
            .limit(LISTED)
            .map(
                w ->
                    text(
                        "%s%s (%s)",
                        new TopicPartition(w.topic(), w.partition()),
                        w.windowMs() == null ? " no ack" : text(" %,d ms", w.windowMs()),
                        w.cause()))
            .collect(Collectors.joining(", "));
    int more = u.windows().size() - LISTED;
    return text(
        "%s; %d partition(s): %s%s",
        worst, u.windows().size(), list, more > 0 ? ", and " + more + " more" : "");
  }

  private static String kos(FaultImpact.Fault f) {
    if (f.kos() == 0) {
      return "no KO";
    }
    return text(
        "%d KO%s (%s)",
        f.kos(),
        f.kos() == 1 ? "" : "s",
        f.kosByReason().entrySet().stream()
            .map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")));
  }

  private static String ms(Double v) {
    return v == null ? "n/a" : text("%,.0f ms", v);
  }
}
