package kafkaload.internal.semantic.capacity;

import io.gatling.core.action.builder.ActionBuilder;
import java.util.List;
import kafkaload.internal.action.Actions;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.admin.Admin;

/** The capacity search as Gatling builds it: its settings checked first, then the action. */
public final class CapacityActions {
  private CapacityActions() {}

  /**
   * A capacity search: refused before any load when a setting cannot run, when Gatling throttles it
   * (it sets its own rate), or when its injectors have no run id to share figures under.
   */
  public static ActionBuilder search(CapacitySpec spec) {
    CapacitySpec checked = spec.validated();
    return Actions.named(
        spec.requestName(),
        (c, ctx, next) -> {
          if (ctx.throttled()) {
            throw new KafkaLoadConfigException(
                "capacity search '%s': it sets its own rate; remove throttle() from the simulation"
                    .formatted(spec.requestName()));
          }
          InjectorShare injector = c.protocol().injector();
          if (injector.count() > 1 && injector.runId() == null) {
            throw new KafkaLoadConfigException(
                "capacity search '%s' on %s injectors needs the run id they share (-Drun.id)"
                    .formatted(spec.requestName(), injector.count()));
          }
          String oneTopic =
              checked.send().topic() == null
                  ? c.protocol().oneTopic("Capacity search '" + spec.requestName() + "'")
                  : null;
          CapacitySpec bound = checked.withSend(checked.send().resolved(oneTopic).withSchemas(c));
          KafkaComponents started = c.start();
          String topic = c.protocol().topic();
          Object bufferMemory =
              c.protocol().producerProperties().getOrDefault("buffer.memory", 33554432L);
          CapacitySearchRun.Context context =
              new CapacitySearchRun.Context(
                  bound,
                  injector.index(),
                  injector.count(),
                  c.protocol().injectorBounds().cpuPct(),
                  c.protocol().bootstrapServers() == null && c.protocol().embeddedBrokers() == 0,
                  Long.parseLong(String.valueOf(bufferMemory)),
                  name -> started.sender(started.ledger().delivery().requestAcks(name, true)),
                  started.health()::samples,
                  started.health()::measuredRequest,
                  new GroupLag(
                      c.protocol().lagGroups(),
                      c.protocol().lagIsolationLevel(),
                      () -> c.connection().admin()),
                  // One reader over all injectors: each record is read once.
                  bound.gates().e2eP99Ms() > 0 && injector.index() == 0
                      ? new EndToEndReader(
                          () ->
                              ConsumerFactory.of(c.connection(), "kafkaload-capacity-e2e")
                                  .isolation(c.protocol().lagIsolationLevel())
                                  .create(),
                          topic)
                      : null);
          Exchange exchange =
              injector.count() > 1
                  ? new KafkaExchange(
                      c.connection(), injector.runId(), injector.index(), injector.count())
                  : Exchange.ALONE;
          Integer partitions = partitions(c, topic);
          String acks = c.protocol().acks();
          return new CapacitySearchAction(
              context,
              exchange,
              plateaus -> setup(bound, plateaus, acks, partitions, injector),
              started,
              next);
        });
  }

  private static CapacityResults.Setup setup(
      CapacitySpec spec,
      List<PlateauFigures> plateaus,
      String acks,
      Integer partitions,
      InjectorShare injector) {
    long sent = plateaus.stream().mapToLong(p -> p.counts().sent()).sum();
    long bytes = plateaus.stream().mapToLong(p -> p.counts().bytes()).sum();
    return new CapacityResults.Setup(
        sent == 0 ? 0 : (double) bytes / sent,
        acks,
        partitions,
        injector.count(),
        new CapacityResults.Gates(
            spec.gates().p99Ms(),
            spec.gates().maxErrorPct(),
            spec.gates().minAchievedPct(),
            spec.gates().e2eP99Ms() > 0 ? spec.gates().e2eP99Ms() : null),
        spec.plateaus().plateauSeconds(),
        spec.plateaus().precisionPct());
  }

  /** The topic's partitions, as the cluster describes it; null when it cannot say. */
  private static Integer partitions(KafkaComponents c, String topic) {
    try (Admin admin = c.connection().admin()) {
      return OffsetQueries.described(admin, topic, c.connection().timeoutMs())
          .map(d -> d.partitions().size())
          .orElse(null);
    } catch (Exception e) {
      return null;
    }
  }
}
