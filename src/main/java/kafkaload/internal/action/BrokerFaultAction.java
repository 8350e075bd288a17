package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.broker.FaultInjector;
import kafkaload.internal.broker.FaultPlan;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.ProtocolResults;

/**
 * Carries out a fault plan on its own thread, each step at its time after the load's start, and a
 * fault with a duration (pause, isolate, slow) undone at its end; each recorded as a Gatling
 * request ("fault: kill broker 2"; a fault with a duration spans it), console lines and a summary
 * entry. A restart is timed until the broker is registered.
 */
final class BrokerFaultAction extends KafkaAction {
  private final FaultInjector injector;
  private final FaultPlan plan;

  /** When a fault was done and what the injector said: one with a duration waits to be undone. */
  private record Open(double at, long start, String detail) {}

  /** A moment of the plan: a step done, or undone. */
  private record Moment(long atMillis, FaultPlan.Step step, boolean undo) {}

  BrokerFaultAction(
      KafkaComponents components, Action next, EmbeddedCluster cluster, FaultPlan plan) {
    super("broker faults", components, next);
    this.injector = new FaultInjector(cluster, plan);
    this.plan = plan;
  }

  @Override
  public void execute(Session session) {
    long t0 = System.nanoTime();
    Daemons.start("kafkaload-faults", () -> run(session, t0));
  }

  private void run(Session session, long t0) {
    List<Moment> moments = new ArrayList<>();
    for (FaultPlan.Step step : plan.steps()) {
      moments.add(new Moment(step.atMillis(), step, false));
      if (step.action().hasDuration()) {
        moments.add(new Moment(step.endMillis(), step, true));
      }
    }
    // A fault undone at the time another is done goes first; otherwise the plan's order.
    moments.sort(Comparator.comparingLong(Moment::atMillis).thenComparing(m -> !m.undo()));
    Map<FaultPlan.Step, Open> open = new IdentityHashMap<>();
    boolean allOk = true;
    for (Moment m : moments) {
      long due = m.atMillis();
      Open started = m.undo() ? open.get(m.step()) : null;
      if (started != null) {
        // A fault done late still lasts its duration.
        due = Math.max(due, Math.round(started.at() * 1000) + m.step().durationMillis());
      }
      long waitMs = due - (System.nanoTime() - t0) / 1_000_000;
      try {
        if (waitMs > 0) {
          Thread.sleep(waitMs);
        }
      } catch (InterruptedException e) {
        List.copyOf(open.entrySet()).forEach(o -> undo(session, t0, o.getKey(), o.getValue()));
        return;
      }
      if (m.undo()) {
        Open o = open.remove(m.step());
        if (o != null) {
          allOk &= undo(session, t0, m.step(), o);
        }
      } else {
        allOk &= apply(session, t0, m.step(), open);
      }
    }
    next.$bang(allOk ? session : session.markAsFailed());
  }

  /** Does the step; a fault with a duration that was done waits in {@code open} for its undoing. */
  private boolean apply(
      Session session, long t0, FaultPlan.Step step, Map<FaultPlan.Step, Open> open) {
    double at = (System.nanoTime() - t0) / 1e9;
    long start = components.clock().nowMillis();
    Done d = attempt(() -> injector.apply(step));
    long end = components.clock().nowMillis();
    boolean lasts = d.ok() && step.action().hasDuration();
    Console.outf(
        "[kafkaload] FAULT at %.1f s: %s: %s (%s)%n",
        at,
        step.description(),
        d.ok() ? "OK" : "KO",
        lasts
            ? String.format("%s, for %.1f s", d.detail(), step.durationMillis() / 1e3)
            : d.detail());
    Open done = new Open(at, start, d.detail());
    if (lasts) {
      open.put(step, done);
      return true;
    }
    record(session, step, done, end, d.ok(), null);
    return d.ok();
  }

  /** Undoes a fault with a duration: one request and one event from its start to its healing. */
  private boolean undo(Session session, long t0, FaultPlan.Step step, Open o) {
    Done d = attempt(() -> injector.undo(step));
    double healed = (System.nanoTime() - t0) / 1e9;
    long end = components.clock().nowMillis();
    Console.outf(
        "[kafkaload] FAULT healed at %.1f s: %s: %s (%s after %.1f s)%n",
        healed, step.description(), d.ok() ? "OK" : "KO", d.detail(), healed - o.at());
    String detail = o.detail() + "; " + (d.ok() ? "healed: " : "not healed: ") + d.detail();
    record(session, step, new Open(o.at(), o.start(), detail), end, d.ok(), d.ok() ? healed : null);
    return d.ok();
  }

  /** What the injector said it did, or (not ok) why it failed. */
  private record Done(boolean ok, String detail) {}

  private static Done attempt(Supplier<String> injection) {
    try {
      return new Done(true, injection.get());
    } catch (RuntimeException e) {
      return new Done(false, reason(e));
    }
  }

  /** One request and one summary event, from the fault's start to {@code end}. */
  private void record(
      Session session, FaultPlan.Step step, Open o, long end, boolean ok, Double healedAt) {
    logResult(session, step.requestName(), o.start(), end, ok ? null : o.detail());
    components
        .ledger()
        .faults()
        .add(
            new ProtocolResults.Fault(
                o.at(),
                step.toString(),
                step.requestName(),
                ok,
                o.detail(),
                end - o.start(),
                step.broker(),
                healedAt));
  }
}
