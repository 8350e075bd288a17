package kafkaload.internal.semantic.churn;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;
import org.apache.kafka.clients.admin.Admin;

/**
 * A consumer churn under load, on a thread of its own: one round per group protocol, in turn (the
 * machine's cores go to one group's consumers at a time, and every round sees the same topic and
 * broker), each in a group of its own ({@link ChurnRound}). Per round it records three verdicts the
 * gates judge: {@code "<name> read all"} (a KO naming the partitions with records never read),
 * {@code "<name> pause"} ({@code maxPauseMs}) and {@code "<name> read twice"} ({@code
 * maxReadTwicePct}); the producers' acks are {@code "<name> send"}. Then the comparison block.
 */
final class ChurnAction extends KafkaAction {
  private final ChurnSpec spec;
  private final ChurnPlan plan;

  ChurnAction(ChurnSpec spec, ChurnPlan plan, KafkaComponents components, Action next) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.plan = plan;
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    Daemons.start("kafkaload-churn", () -> runAndPassOn(session));
  }

  private void runAndPassOn(Session session) {
    boolean failed = false;
    try {
      failed = run(session);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      String ko = "the churn failed: " + reason(e);
      say("KO " + ko);
      logVerdict(session, spec.requestName() + " read all", ko);
      failed = true;
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  /** True when a verdict is a KO. */
  private boolean run(Session session) throws Exception {
    ChurnCounters counters = ChurnSemantic.counters(components.ledger());
    String topic = spec.topic();
    try (Admin admin = components.connection().admin()) {
      int partitions =
          admin
              .describeTopics(java.util.List.of(topic))
              .allTopicNames()
              .get(components.connection().timeoutMs(), TimeUnit.MILLISECONDS)
              .get(topic)
              .partitions()
              .size();
      if (!counters.started(spec, topic, partitions, plan)) {
        String ko = "one churn per protocol: this protocol already ran one";
        logVerdict(session, spec.requestName() + " read all", ko);
        return true;
      }
      boolean failed = false;
      for (ChurnProtocol protocol : spec.protocols()) {
        say(protocol + ": starting " + plan.initialConsumers() + " consumers");
        ChurnRound round =
            new ChurnRound(
                spec, plan, protocol, topic, partitions, components.connection(), admin, this::say);
        Round r = round.run(() -> load(session, topic));
        counters.round(r);
        failed |= verdicts(session, r);
      }
      ChurnConsole.lines(counters.figures()).forEach(l -> Console.out("[kafkaload] " + l));
      return failed;
    }
  }

  private ChurnLoad load(Session session, String topic) {
    String request = spec.requestName() + " send";
    return new ChurnLoad(
        topic,
        spec.load().ratePerSec(),
        spec.load().recordSize(),
        session,
        components.sender(components.ledger().delivery().requestAcks(request, true)),
        (start, end, ko) -> logResult(session, request, start, end, ko));
  }

  private boolean verdicts(Session session, Round r) {
    String readAll = r.verdict();
    String pause = ChurnTally.pauseVerdict(r, spec.gates().maxPauseMs());
    String twice = ChurnTally.readTwiceVerdict(r, spec.gates().maxReadTwicePct());
    logVerdict(session, spec.requestName() + " read all", readAll);
    logVerdict(session, spec.requestName() + " pause", pause);
    logVerdict(session, spec.requestName() + " read twice", twice);
    for (String ko : new String[] {readAll, pause, twice}) {
      if (ko != null) {
        say("KO " + ko);
      }
    }
    return readAll != null || pause != null || twice != null;
  }

  private void say(String line) {
    Console.out("[kafkaload] churn '" + spec.requestName() + "': " + line);
  }
}
