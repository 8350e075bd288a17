package kafkaload.internal.semantic.subscription;

import io.gatling.core.action.builder.ActionBuilder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import kafkaload.internal.action.Actions;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** The subscriptions as Gatling builds them: their checks first, then the groups, the action. */
public final class SubscriptionActions {
  private SubscriptionActions() {}

  /**
   * Refused before any load in a distributed run or without run identity; then each group (one per
   * subscription and topic: the protocol's one topic, or each of its many) is made with its offsets
   * at the run's start (its topic's baseline), so it reads this run's records only and its lag is
   * read from the start.
   */
  public static ActionBuilder subscriptions(SubscriptionSpec given) {
    return Actions.named(
        given.requestName(),
        (c, ctx, next) -> {
          given.check();
          String who = "subscriptions '" + given.requestName() + "': ";
          if (c.protocol().injector().distributed()) {
            throw new KafkaLoadConfigException(
                who
                    + "not in a distributed run (each injector's consumers would share the groups"
                    + " and each read a part of the topic); run it on one injector");
          }
          if (c.ledger().identity() == null) {
            throw new KafkaLoadConfigException(
                who
                    + "the records carry no run identity (-DrunIdentity=false), by which each"
                    + " subscription is reconciled");
          }
          SubscriptionSpec named = given.named();
          List<String> topics =
              named.topics() != null ? named.topics() : c.protocol().topics().names();
          if (topics.isEmpty()) {
            throw new KafkaLoadConfigException(
                who + "no topic to read: name one (.topic(..)) or give the protocol one");
          }
          SubscriptionSpec spec = named.withTopics(List.copyOf(topics));
          KafkaComponents started = c.start();
          long timeoutMs = c.connection().timeoutMs();
          int partitions = Integer.MAX_VALUE;
          String current = topics.get(0);
          try (Admin admin = c.connection().admin()) {
            for (String topic : topics) {
              current = topic;
              partitions =
                  Math.min(
                      partitions,
                      Preflight.checkTopic(
                          admin, topic, c.protocol().topicPlan().existing(), timeoutMs));
              TopicOffsets start =
                  started.ledger().baselines().of(topic).get(timeoutMs, TimeUnit.MILLISECONDS);
              Map<TopicPartition, OffsetAndMetadata> offsets =
                  start.endOffsets().entrySet().stream()
                      .collect(
                          Collectors.toMap(
                              e -> new TopicPartition(topic, e.getKey()),
                              e -> new OffsetAndMetadata(e.getValue())));
              for (SubscriptionSpec.Group group : spec.groupsByTopic()) {
                if (group.topic().equals(topic)) {
                  admin
                      .alterConsumerGroupOffsets(group.name(), offsets)
                      .all()
                      .get(timeoutMs, TimeUnit.MILLISECONDS);
                }
              }
            }
          } catch (ExecutionException | TimeoutException e) {
            throw new KafkaLoadConfigException(
                "%sthe groups could not start at the run's start offsets of '%s': %s"
                    .formatted(who, current, Preflight.rootMessage(e)));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaLoadConfigException(who + "interrupted while making the groups");
          }
          if (spec.consumers() > partitions) {
            Console.err(
                String.format(
                    "[kafkaload] WARNING: subscriptions '%s': %d consumers per subscription for"
                        + " the %d partitions of %s: %d of each group's consumers stay idle, as in"
                        + " Kafka",
                    spec.requestName(),
                    spec.consumers(),
                    partitions,
                    topics.size() == 1 ? "'" + topics.get(0) + "'" : "each topic",
                    spec.consumers() - partitions));
          }
          return new SubscriptionAction(spec, started, next, partitions);
        });
  }
}
