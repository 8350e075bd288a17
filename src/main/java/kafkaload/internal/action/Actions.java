package kafkaload.internal.action;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.core.action.Action;
import io.gatling.core.action.builder.ActionBuilder;
import io.gatling.core.structure.ScenarioContext;
import java.util.function.UnaryOperator;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.admin.Prefill;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.broker.FaultPlan;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.TopicListener;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.report.GatePaths;
import kafkaload.internal.report.RequestNamed;
import kafkaload.internal.schema.DecodeSpec;
import kafkaload.internal.verification.ExactlyOnceCheck;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;

/**
 * Turns each immutable action spec into the Scala builder Gatling asks the Java DSL for. When
 * Gatling builds a scenario, each looks up its protocol's components, checks what only they can
 * tell (a default topic, the lag groups, the embedded cluster, its schemas against the registry),
 * then starts the protocol (the first start creates what the run changes on the cluster:
 * preflight's topic, the producers) and creates its action. Checks first, so a refused run has
 * changed nothing.
 */
public final class Actions {
  private Actions() {}

  /**
   * How an action is made from the run's components; {@code next} is the scenario's next action.
   */
  public interface Factory {
    Action build(KafkaComponents components, ScenarioContext ctx, Action next);
  }

  /**
   * Gatling's builder of the action {@code f} makes, with the protocol's components, for an action
   * that records only verdicts ("kafka ...") or nothing.
   */
  public static ActionBuilder scala(Factory f) {
    return named(null, f);
  }

  /**
   * As above, for an action whose requests' names all start with {@code requestName}. The first
   * Kafka action Gatling builds checks the run's gates against these names ({@link GatePaths}).
   */
  public static ActionBuilder named(String requestName, Factory f) {
    return new Named(requestName, f);
  }

  private record Named(String requestPrefix, Factory f) implements ActionBuilder, RequestNamed {
    @Override
    public Action build(ScenarioContext ctx, Action next) {
      GatePaths.check(ctx.coreComponents());
      return f.build(ctx.protocolComponentsRegistry().components(KafkaProtocol.KEY), ctx, next);
    }
  }

  public static ActionBuilder send(SendSpec spec) {
    return named(
        spec.requestName(),
        (c, ctx, next) -> {
          if (spec.burst() > 1 && ctx.throttled()) {
            // Gatling's throttle counts requests: one permit per burst would let through burst
            // times the rate.
            throw new KafkaLoadConfigException(
                ("'%s': burst(%d) cannot be throttled (throttle() counts one request per permit); set the"
                        + " rate with the injection profile instead, e.g. constantUsersPerSec(rate / %d)")
                    .formatted(spec.requestName(), spec.burst(), spec.burst()));
          }
          SendSpec bound = spec.resolvedOver(c.protocol().topics().spread()).withSchemas(c);
          return new KafkaSendAction(bound, c.start(), next, ctx.throttled());
        });
  }

  public static ActionBuilder consume(ConsumeSpec spec) {
    return named(
        spec.requestName(),
        (c, ctx, next) -> {
          refuseIf(
              spec.match().kind() == null,
              "consume(\"%s\") in '%s' needs a matcher: matchKey, matchHeader, matchValue or match"
                  .formatted(spec.topic(), spec.requestName()));
          refuseIf(
              spec.timeout().isNegative() || spec.timeout().isZero(),
              "consume '%s': the timeout must be > 0".formatted(spec.requestName()));
          return new ConsumeAction(spec, c, next);
        });
  }

  public static ActionBuilder requestReply(RequestReplySpec rr) {
    return named(
        rr.request().requestName(),
        (c, ctx, next) -> {
          SendSpec request =
              rr.request()
                  .resolved(
                      rr.request().topic() == null
                          ? c.protocol()
                              .oneTopic("Request-reply '%s'".formatted(rr.request().requestName()))
                          : null);
          refuseIf(
              request.fireAndForget(),
              "'" + request.requestName() + "': a request-reply cannot be fire-and-forget");
          refuseIf(
              rr.match().kind() == MatchKind.HEADER && !request.hasHeader(rr.match().header()),
              "'%s' matches replies by header '%s', but its request sets no such header"
                  .formatted(request.requestName(), rr.match().header()));
          refuseIf(
              rr.timeout() != null && (rr.timeout().isNegative() || rr.timeout().isZero()),
              "'" + request.requestName() + "': the reply timeout must be > 0");
          return new RequestReplyAction(rr, request.withSchemas(c), c, next);
        });
  }

  /** The reader's decoder of {@code topic}'s records; the identity when they are not decoded. */
  static UnaryOperator<ConsumerRecord<byte[], byte[]>> decoder(
      KafkaComponents c, DecodeSpec decode, String topic) {
    return decode == null ? UnaryOperator.identity() : c.schemas().decoder(decode, topic);
  }

  /**
   * Starts the protocol and its shared reader of {@code topic}: the action's isolation.level, else
   * the protocol's.
   */
  static TopicListener listener(
      KafkaComponents c, String requestName, String topic, IsolationLevel own) {
    IsolationLevel isolation = own != null ? own : c.protocol().isolationLevel();
    TopicListener listener = c.start().listener(topic, isolation);
    c.ledger().consumes().readsWith(requestName, ConsumerFactory.name(isolation));
    return listener;
  }

  /** The reader indexes records by what the action matches them with. */
  static void watch(TopicListener listener, MatchKind kind, String header) {
    listener.watch(
        kind == MatchKind.KEY, kind == MatchKind.HEADER ? header : null, kind == MatchKind.VALUE);
  }

  public static ActionBuilder drain(DrainSpec spec) {
    return named(
        spec.requestName(),
        (c, ctx, next) -> {
          // The simulation checks this before its pre-fill; here for a range that came from
          // elsewhere.
          Prefill.checkConsumers(spec.topic(), spec.range().to().size(), spec.threads());
          DrainSpec resolved =
              spec.isolationLevel() != null
                  ? spec
                  : spec.withIsolationLevel(c.protocol().isolationLevel());
          return new DrainAction(resolved, c.start(), next);
        });
  }

  public static ActionBuilder reconcile(ReconcileSpec spec) {
    return scala(
        (c, ctx, next) -> {
          ExactlyOnceCheck.Output output = null;
          if (spec.exactlyOnceOutput() != null) {
            String topic = spec.exactlyOnceOutput();
            String where = "reconcile().exactlyOnceOutput(\"" + topic + "\")";
            refuseIf(
                !spec.readBack() || !c.protocol().requests().runIdentity(),
                where + " needs the read-back and the run-identity headers (both on by default)");
            refuseIf(
                c.ledger().injector().distributed(),
                where + " is not supported in a distributed run: run the pipeline test alone");
            // Where the output stands before the load: the verdict reads from there.
            try (Admin admin = c.connection().admin()) {
              output =
                  new ExactlyOnceCheck.Output(
                      topic,
                      OffsetQueries.offsets(admin, topic, c.connection().timeoutMs())
                          .orElseThrow(
                              () ->
                                  new KafkaLoadConfigException(
                                      "%s: topic '%s' does not exist (start the pipeline, or create it, before the load)"
                                          .formatted(where, topic)))
                          .endOffsets());
            }
          }
          return new ReconcileAction(c.start(), next, spec, output);
        });
  }

  public static ActionBuilder baselineVerdict(BaselineVerdictSpec spec) {
    return scala((c, ctx, next) -> new BaselineVerdictAction(c.start(), next, spec));
  }

  public static ActionBuilder lagVerdict(LagVerdictSpec spec) {
    return scala(
        (c, ctx, next) -> {
          refuseIf(
              c.protocol().lagGroups().isEmpty(),
              "lagVerdict() needs consumer groups to judge: kafka().lagMonitor(intervalMs, \"group\")");
          return new LagVerdictAction(c.start(), next, spec);
        });
  }

  /** The broker faults of a run: one action that carries out the whole plan. */
  public static ActionBuilder brokerFaults(FaultPlan plan) {
    return scala(
        (c, ctx, next) -> {
          EmbeddedCluster cluster = c.protocol().embeddedCluster();
          refuseIf(
              cluster == null,
              ("Broker faults (%s) act on embedded brokers run as child processes: set"
                      + " -Dkafka.embedded.brokers=N (or kafka().embeddedBrokers(N)) and leave"
                      + " kafka.bootstrap.servers unset")
                  .formatted(plan));
          plan.check(cluster.size(), 0);
          return new BrokerFaultAction(c.start(), next, cluster, plan);
        });
  }
}
