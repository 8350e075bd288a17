package kafkaload.internal.semantic.capacity;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;

/**
 * Runs the capacity search for the one user that executes it, on a thread of its own (the pacer
 * never runs on Gatling's event loop): every record's ack is a Gatling result under its plateau's
 * request name, and the verdict is the request {@code "<name> capacity"}, KO when no rate held the
 * gates. The user goes on once the search has ended.
 */
final class CapacitySearchAction extends KafkaAction {
  private final CapacitySpec spec;
  private final CapacitySearchRun.Context context;
  private final Exchange exchange;

  /** What the verdict says the figures hold for, read once the search has sent. */
  private final Function<List<PlateauFigures>, CapacityResults.Setup> probe;

  private final AtomicBoolean started = new AtomicBoolean();

  CapacitySearchAction(
      CapacitySearchRun.Context context,
      Exchange exchange,
      Function<List<PlateauFigures>, CapacityResults.Setup> probe,
      KafkaComponents components,
      Action next) {
    super(context.spec().requestName(), components, next);
    this.spec = context.spec();
    this.context = context;
    this.exchange = exchange;
    this.probe = probe;
  }

  /** The verdict's request name. */
  static String verdictRequest(String requestName) {
    return requestName + " capacity";
  }

  @Override
  public void execute(Session session) {
    long now = components.clock().nowMillis();
    if (!started.compareAndSet(false, true)) {
      logResult(
          session,
          verdictRequest(spec.requestName()),
          now,
          now,
          "one capacity search per run: inject one user into its scenario (atOnceUsers(1))");
      next.$bang(session.markAsFailed());
      return;
    }
    Daemons.start("kafkaload-capacity-search", () -> search(session));
  }

  private void search(Session session) {
    Pacer pacer =
        new Pacer(
            spec.send(),
            session,
            (run, s, e, ko) -> logResult(session, run.requestName, s, e, ko),
            context.bufferMemory());
    CapacitySearchRun run =
        components.resource(
            CapacitySearchRun.class, () -> new CapacitySearchRun(context, pacer, exchange));
    String ko;
    try (exchange;
        GroupLag groups = context.groups();
        EndToEndReader e2e = context.endToEnd()) {
      CapacityConsole.start(spec, context.injectors());
      List<PlateauFigures> plateaus = new CopyOnWriteArrayList<>();
      Search search = run.run(plateaus);
      CapacityResults.Setup setup = probe.apply(plateaus);
      CapacityResults.Verdict verdict = CapacityVerdict.of(search, plateaus, setup);
      CapacityResults results =
          new CapacityResults(spec.requestName(), setup, List.copyOf(plateaus), verdict);
      CapacitySemantic.State state =
          components.ledger().semantic(CapacitySemantic.State.class, CapacitySemantic.State::new);
      state.results = results;
      CapacityConsole.table(results);
      ko = verdict.sustainedMsgsPerSec() == null ? verdict.text() : null;
    } catch (RuntimeException e) {
      ko = "the capacity search failed: " + reason(e);
      Console.err(ko);
    }
    // A verdict, not a latency: timed at its end, so the search's length stays out of the
    // report's response times.
    long end = components.clock().nowMillis();
    logResult(session, verdictRequest(spec.requestName()), end, end, ko);
    next.$bang(ko == null ? session : session.markAsFailed());
  }
}
