package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.time.Duration;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.broker.FaultPlan;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.run.FaultEvent;

/**
 * Carries out a fault plan on its own thread, each step at its time after the load's start,
 * recorded as a Gatling request ("fault: kill broker 2"), a console line and a summary entry; a
 * restart is timed until the broker is registered.
 */
final class BrokerFaultAction extends KafkaAction {
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  private final EmbeddedCluster cluster;
  private final FaultPlan plan;

  BrokerFaultAction(
      KafkaComponents components, Action next, EmbeddedCluster cluster, FaultPlan plan) {
    super("broker faults", components, next);
    this.cluster = cluster;
    this.plan = plan;
  }

  @Override
  public void execute(Session session) {
    long t0 = System.nanoTime();
    Thread t = new Thread(() -> run(session, t0), "kafkaload-faults");
    t.setDaemon(true);
    t.start();
  }

  private void run(Session session, long t0) {
    boolean allOk = true;
    for (FaultPlan.Step step : plan.steps()) {
      long waitMs = step.atMillis() - (System.nanoTime() - t0) / 1_000_000;
      try {
        if (waitMs > 0) {
          Thread.sleep(waitMs);
        }
      } catch (InterruptedException e) {
        return;
      }
      double at = (System.nanoTime() - t0) / 1e9;
      long start = components.clock().nowMillis();
      String detail;
      boolean ok = true;
      try {
        detail = perform(step);
      } catch (RuntimeException e) {
        ok = false;
        detail = KafkaSendAction.reason(e);
      }
      long end = components.clock().nowMillis();
      allOk &= ok;
      logResult(session, step.requestName(), start, end, ok ? null : detail);
      components
          .ledger()
          .faults()
          .add(
              new FaultEvent(
                  at,
                  step.toString(),
                  step.requestName(),
                  ok,
                  detail,
                  end - start,
                  step.broker(),
                  null));
      Console.outf(
          "[kafkaload] FAULT at %.1f s: %s: %s (%s)%n",
          at, step.description(), ok ? "OK" : "KO", detail);
    }
    next.$bang(allOk ? session : session.markAsFailed());
  }

  private String perform(FaultPlan.Step step) {
    int b = step.broker();
    long t = System.nanoTime();
    switch (step.action()) {
      case KILL:
        return "SIGKILL, pid " + cluster.kill(b);
      case STOP:
        return cluster.stop(b, STOP_TIMEOUT)
            ? String.format("controlled shutdown in %.1f s", (System.nanoTime() - t) / 1e9)
            : "no controlled shutdown within " + STOP_TIMEOUT.toSeconds() + " s: killed";
      default:
        cluster.restart(b, START_TIMEOUT);
        return String.format("registered again after %.1f s", (System.nanoTime() - t) / 1e9);
    }
  }
}
