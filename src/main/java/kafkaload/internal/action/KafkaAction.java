package kafkaload.internal.action;

import com.typesafe.scalalogging.Logger;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.concurrent.ExecutionException;
import kafkaload.internal.history.RunFigures;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.RegistryClient;
import org.slf4j.LoggerFactory;
import scala.Option;

/**
 * What every Kafka action shares: its name, the scala-logging members Gatling's Action trait asks
 * of a Java class, and how a result reaches Gatling's stats (an enqueue, safe from any thread).
 */
public abstract class KafkaAction implements Action {
  private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(KafkaAction.class));

  protected final KafkaComponents components;
  protected final Action next;
  private final String name;

  /** Its requests are measured: the name has no warm-up prefix. */
  private final boolean measured;

  /** Racy on purpose: a repeated call of the idempotent health method is harmless. */
  private boolean measuredSeen;

  /** Whether this action told the injector health a warm-up request ran (once is enough). */
  private boolean warmUpSeen;

  protected KafkaAction(String name, KafkaComponents components, Action next) {
    this.name = name;
    this.components = components;
    this.next = next;
    this.measured = !name.startsWith(RunFigures.WARM_UP);
  }

  /**
   * A load request (not a verdict) is about to run: the first measured one starts the measured
   * load, where the injector health reads the process CPU.
   */
  protected final void loadRequest() {
    if (measured && !measuredSeen) {
      measuredSeen = true;
      components.health().measuredRequest();
    } else if (!measured && !warmUpSeen) {
      warmUpSeen = true;
      components.health().warmUpRequest();
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Logger logger() {
    return LOGGER;
  }

  @Override
  public void com$typesafe$scalalogging$StrictLogging$_setter_$logger_$eq(Logger logger) {
    // fixed above
  }

  /** Records one result: OK when {@code koMessage} is null, else a KO with that reason. */
  protected void logResult(
      Session session, String request, long start, long end, String koMessage) {
    logResult(session, request, start, end, koMessage, false);
  }

  /** As above; a {@code silent} OK stays out of Gatling's stats (its KO does not). */
  protected void logResult(
      Session session, String request, long start, long end, String koMessage, boolean silent) {
    kafkaload.internal.metrics.LiveMetrics live = components.metrics();
    if (live != null) {
      live.result(request, start, end, koMessage);
    }
    if (silent && koMessage == null) {
      return;
    }
    components
        .statsEngine()
        .logResponse(
            session.scenario(),
            session.groups(),
            request,
            start,
            end,
            koMessage == null ? OK$.MODULE$ : KO$.MODULE$,
            Option.empty(),
            Option.apply(koMessage));
  }

  /**
   * Records a verdict (a reconciliation or lag gate), not a request to Kafka: with a response time
   * of 0 ms, so the verification's own duration never reads as Kafka latency in Gatling's report;
   * the Kafka page shows it.
   */
  protected void logVerdict(Session session, String request, String koMessage) {
    if (components.metrics() != null) {
      components.metrics().verdict(request, koMessage == null);
    }
    long now = components.clock().nowMillis();
    logResult(session, request, now, now, koMessage);
  }

  /** A request that could not even be built: Gatling's "crash", and the user goes on, failed. */
  protected void crash(Session session, String request, RuntimeException e) {
    logCrash(session, request, e);
    next.$bang(session.markAsFailed());
  }

  /**
   * Records a request that could not be built, as Gatling's "crash"; the caller decides where the
   * user goes.
   */
  private void logCrash(Session session, String request, RuntimeException e) {
    components
        .statsEngine()
        .logRequestCrash(
            session.scenario(),
            session.groups(),
            request,
            e instanceof SessionValue.Unresolved ? e.getMessage() : reason(e));
  }

  /**
   * A record that could not be built during the load; the caller decides where the user goes. One
   * with a schema (its content does not fit the schema, the registry refused its subject) is a KO
   * of the request with the reason, at once; other values that cannot be built stay Gatling crashes
   * (see {@link #logCrash}).
   */
  protected void logBuildFailure(Session session, String request, RuntimeException e) {
    if (e instanceof RecordSchema.Mismatch || e instanceof RegistryClient.RegistryException) {
      long now = components.clock().nowMillis();
      logResult(session, request, now, now, e.getMessage());
    } else {
      logCrash(session, request, e);
    }
  }

  /**
   * The KO reason: the exception's class and message, for example "RecordTooLargeException: The
   * message is ...".
   */
  public static String reason(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && (t.getMessage() == null || t instanceof ExecutionException)) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
