package kafkaload.internal.semantic.share;

import io.gatling.core.action.builder.ActionBuilder;
import java.util.Map;
import java.util.UUID;
import kafkaload.internal.action.Actions;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.admin.Admin;

/** The share-consume action as Gatling builds it: its checks first, then the action. */
public final class ShareActions {
  private ShareActions() {}

  /** Share consumers: share groups checked first (nothing created if refused), then the topic. */
  public static ActionBuilder shareConsume(ShareConsumeSpec given) {
    return Actions.named(
        given.requestName(),
        (c, ctx, next) -> {
          ShareConsumeSpec named =
              given.group() != null
                  ? given
                  : given.withGroup(
                      defaultShareGroup(c.protocol().injector(), given.requestName()));
          long timeoutMs = c.connection().timeoutMs();
          ShareConsumeSpec resolved;
          try (Admin admin = c.connection().admin()) {
            ShareGroupPreflight.checkShareGroups(admin, c.connection().bootstrap(), timeoutMs);
            ShareGroupPreflight.checkStateTopic(admin, c.connection().bootstrap(), timeoutMs);
            // The broker's bounds on the lock and delivery limit, before anything is created.
            resolved =
                ShareGroupBounds.read(admin, timeoutMs).resolve(named, c.connection().bootstrap());
          }
          KafkaComponents started = c.start();
          int partitions;
          Map<String, String> effective;
          try (Admin admin = c.connection().admin()) {
            partitions =
                Preflight.checkTopic(
                    admin, resolved.topic(), c.protocol().topicPlan().existing(), timeoutMs);
            effective =
                ShareGroupPreflight.configureGroup(
                    admin, resolved.group(), resolved.configs().groupConfig(), timeoutMs);
          }
          // Slow consumers that follow the lock take their time from the one the group got.
          ShareConsumeSpec spec = resolved.withLock(ShareConsumeAction.lockMs(effective));
          long warmMs = ShareWarmUp.warmUp(started, spec.topic(), spec.group());
          Console.outf(
              "[kafkaload] share group '%s': the broker served a first share group in %d ms (before the load)%n",
              spec.group(), warmMs);
          return new ShareConsumeAction(spec, started, next, partitions, effective);
        });
  }

  /** A share group of the run's own (none resumed): one per run id in a distributed run. */
  static String defaultShareGroup(InjectorShare injector, String requestName) {
    if (injector.distributed() && injector.runId() != null) {
      return "kafkaload-share-%s-%s"
          .formatted(injector.runId(), requestName.replaceAll("[^A-Za-z0-9._-]", "-"));
    }
    return "kafkaload-share-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
