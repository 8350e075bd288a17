package kafkaload.internal.admin;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.internals.Topic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks made before any load, each failing with one line naming the problem: the bootstrap answers
 * in time, the topic exists (or is created as asked, never auto-created), with at least as many
 * partitions as planned producers.
 */
public final class Preflight {
  private static final Logger LOG = LoggerFactory.getLogger(Preflight.class);
  static final String MIN_ISR = "min.insync.replicas";

  private Preflight() {}

  /** The bootstrap answers in time: the broker count; failed authentication fails at once. */
  public static int checkBootstrap(Admin admin, Connection connection) {
    String bootstrap = connection.bootstrap();
    long timeoutMs = connection.timeoutMs();
    try {
      return admin
          .describeCluster(new DescribeClusterOptions().timeoutMs((int) timeoutMs))
          .nodes()
          .get(timeoutMs + 2000, TimeUnit.MILLISECONDS)
          .size();
    } catch (ExecutionException | TimeoutException e) {
      if (e.getCause() instanceof AuthenticationException a) {
        throw new KafkaLoadConfigException(
            SecurityFailure.describe(a, bootstrap, connection.clientProperties()), a);
      }
      throw refused(
          "Kafka bootstrap '%s' did not answer within %s s (set -Dkafka.bootstrap.servers, or leave"
              + " it unset for the embedded broker): %s%s",
          bootstrap,
          timeoutMs / 1000.0,
          rootMessage(e),
          SecurityFailure.retriedLoginHint(connection.clientProperties()));
    } catch (InterruptedException e) {
      throw interrupted("Interrupted while contacting Kafka bootstrap '" + bootstrap + "'");
    }
  }

  /**
   * The topic checks that need nothing created: a valid name; when missing, a plan creating it with
   * enough partitions when strict ({@code partitionsNeeded}) and, with acks=all, replicas for its
   * min.insync.replicas. Returns the partitions it has or will have.
   */
  public static int checkPlan(
      Admin admin, String topic, TopicPlan plan, long timeoutMs, boolean acksAll) {
    return checkPlan(admin, topic, plan, timeoutMs, acksAll, Integer.MAX_VALUE);
  }

  /** As above, and a topic to create has no more replicas than the cluster's brokers. */
  public static int checkPlan(
      Admin admin, String topic, TopicPlan plan, long timeoutMs, boolean acksAll, int brokers) {
    int partitions = partitionsOrCreatable(admin, topic, plan, timeoutMs);
    if (partitions >= 0) {
      return partitions;
    }
    checkReplication("Topic '" + topic + "'", plan, brokers);
    checkMinInsync("Topic '" + topic + "'", "it", plan, acksAll);
    return plan.partitions();
  }

  /**
   * A topic to create with more replicas than brokers would fail at its creation (or, with
   * auto-creation, never be led): refused naming the knob, before anything is created.
   */
  public static void checkReplication(String what, TopicPlan plan, int brokers) {
    if (plan.replicationFactor() > brokers) {
      throw refused(
          "%s would be created with replication factor %s but the cluster has %s broker(s):"
              + " lower -Dtopic.replication (createTopic(partitions, replicationFactor) in"
              + " code) to at most %s, or add brokers",
          what, plan.replicationFactor(), brokers, brokers);
    }
  }

  /** With acks=all, a topic to create with fewer replicas than its min.insync.replicas: refused. */
  static void checkMinInsync(String what, String pronoun, TopicPlan plan, boolean acksAll) {
    if (acksAll && plan.minInsyncReplicas() > plan.replicationFactor()) {
      throw refused(
          "%s would be created with replication factor %s and %s=%s: with acks=all every send"
              + " to %s would fail (NotEnoughReplicas). Lower %s or raise the replication"
              + " factor",
          what, plan.replicationFactor(), MIN_ISR, plan.minInsyncReplicas(), pronoun, MIN_ISR);
    }
  }

  /**
   * The partitions of an existing topic; -1 for a missing one the plan may create (refused before
   * anything is created otherwise).
   */
  private static int partitionsOrCreatable(
      Admin admin, String topic, TopicPlan plan, long timeoutMs) {
    validName(topic);
    int partitions =
        OffsetQueries.described(admin, topic, timeoutMs).map(d -> d.partitions().size()).orElse(-1);
    if (partitions < 0 && !plan.create()) {
      throw refused(
          "Topic '%s' does not exist. Create it first, or let the protocol create it:"
              + " kafka().topic(\"%s\").createTopic(partitions, replicationFactor) (in the shipped"
              + " simulations: -Dtopic.create=true -Dtopic.partitions=N -Dtopic.replication=R)",
          topic, topic);
    }
    if (partitions < 0 && plan.strictPartitions() && plan.partitions() < plan.concurrency()) {
      fewPartitions(topic, plan.partitions(), plan);
    }
    return partitions;
  }

  static void validName(String topic) {
    try {
      Topic.validate(topic);
    } catch (InvalidTopicException e) {
      throw new KafkaLoadConfigException("Invalid topic name '" + topic + "': " + e.getMessage());
    }
  }

  /** Fewer partitions than planned producers: refused when strict, else a warning. */
  private static void fewPartitions(String topic, int partitions, TopicPlan plan) {
    String few =
        String.format(
            "Topic '%s' has %s partitions for %s concurrent producers: producers will contend "
                + "for partitions and throughput will be capped. Use at least %s partitions",
            topic, partitions, plan.concurrency(), plan.concurrency());
    if (plan.strictPartitions()) {
      throw new KafkaLoadConfigException(
          few
              + " (failing because strict: kafka().concurrency(users, true); in the shipped"
              + " simulations -Dpreflight.strictPartitions=true)");
    }
    LOG.warn("Preflight: {}", few);
  }

  /** Makes sure the topic exists with enough partitions; returns its partition count. */
  public static int checkTopic(Admin admin, String topic, TopicPlan plan, long timeoutMs) {
    int partitions = partitionsOrCreatable(admin, topic, plan, timeoutMs);
    if (partitions < 0) {
      create(admin, topic, plan, timeoutMs);
      partitions =
          OffsetQueries.described(admin, topic, timeoutMs)
              .map(d -> d.partitions().size())
              .orElse(plan.partitions());
      LOG.info("Preflight: created topic '{}' with {}", topic, shape(partitions, plan));
    } else if (plan.create() && partitions != plan.partitions()) {
      LOG.warn(
          "Preflight: topic '{}' already exists with {} partitions (asked for {}); it is used as it is",
          topic,
          partitions,
          plan.partitions());
    }
    if (partitions < plan.concurrency()) {
      fewPartitions(topic, partitions, plan);
    }
    return partitions;
  }

  /** With acks=all a send needs min.insync.replicas in sync: fails naming a short partition. */
  public static int checkInSyncReplicas(Admin admin, String topic, long timeoutMs) {
    // A topic preflight has just created may not have reached the broker that answers yet.
    TopicDescription d =
        awaitDescribed(admin, topic, timeoutMs, found -> true).orElseThrow(() -> missing(topic));
    OptionalLong shown = shown(topicConfig(admin, topic, timeoutMs), MIN_ISR);
    if (shown.isEmpty()) {
      LOG.warn(
          "Preflight: topic '{}' does not show its {}: its replicas not checked", topic, MIN_ISR);
      return 0;
    }
    int minIsr = (int) shown.getAsLong();
    for (TopicPartitionInfo p : d.partitions()) {
      if (p.isr().size() < minIsr) {
        throw refused(
            "Topic '%s' partition %s has %s in-sync replica(s) %s of %s %s, fewer than its"
                + " min.insync.replicas=%s: with acks=all every send to it would fail"
                + " (NotEnoughReplicas). Bring the replicas back, or lower min.insync.replicas",
            topic,
            p.partition(),
            p.isr().size(),
            ids(p.isr()),
            p.replicas().size(),
            ids(p.replicas()),
            minIsr);
      }
    }
    LOG.info(
        "Preflight: every partition of '{}' has at least min.insync.replicas={} in-sync replicas",
        topic,
        minIsr);
    return minIsr;
  }

  /**
   * A warning when batch.size exceeds the topic's max.message.bytes: the broker rejects the batch
   * and the producer splits and resends it until delivery.timeout.ms, sends that look hung, then
   * expire, instead of a RecordTooLargeException.
   */
  public static Optional<String> checkBatchFits(
      Admin admin, String topic, Map<String, ?> producerProperties, long timeoutMs) {
    Object configured = producerProperties.get("batch.size");
    long batchSize = configured == null ? 16_384 : Long.parseLong(configured.toString().trim());
    long maxMessage =
        shown(topicConfig(admin, topic, timeoutMs), "max.message.bytes").orElse(Long.MAX_VALUE);
    if (batchSize <= maxMessage) {
      return Optional.empty();
    }
    String warning =
        String.format(
            "batch.size=%s is larger than topic '%s' max.message.bytes=%s: a full batch is "
                + "rejected by the broker, and Kafka's producer splits and resends it until "
                + "delivery.timeout.ms. Use batch.size <= %s",
            batchSize, topic, maxMessage, maxMessage);
    LOG.warn("Preflight: {}", warning);
    Console.err("[kafkaload] WARNING: " + warning);
    return Optional.of(warning);
  }

  /**
   * A numeric setting as the cluster shows it; empty when it does not (a managed cluster may leave
   * settings out of DescribeConfigs, or hide their values): then it is not judged.
   */
  public static OptionalLong shown(Config config, String name) {
    ConfigEntry e = config.get(name);
    try {
      return e == null || e.value() == null
          ? OptionalLong.empty()
          : OptionalLong.of(Long.parseLong(e.value().trim()));
    } catch (NumberFormatException x) {
      return OptionalLong.empty();
    }
  }

  private static Config topicConfig(Admin admin, String topic, long timeoutMs) {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (true) {
      // A topic just created may not be in the answering broker's metadata yet: ask again, within
      // the bound.
      Config config =
          await(
              admin.describeConfigs(List.of(resource)).values().get(resource),
              timeoutMs,
              c -> c instanceof UnknownTopicOrPartitionException && System.nanoTime() <= deadline,
              "Cannot read the configuration of topic '" + topic + "'",
              "Interrupted while reading the configuration of '" + topic + "'");
      if (config != null) {
        return config;
      }
      sleep(100);
    }
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      throw interrupted("Interrupted during preflight");
    }
  }

  /**
   * The future's value within {@code timeoutMs}; else a refusal, "{@code cannot}: " and the root
   * cause, or {@code interrupted} (the thread's interrupt kept).
   */
  static <T> T await(KafkaFuture<T> f, long timeoutMs, String cannot, String interrupted) {
    return await(f, timeoutMs, cause -> false, cannot, interrupted);
  }

  /** As above, but null when the future fails with a cause {@code nullIf} accepts. */
  static <T> T await(
      KafkaFuture<T> f,
      long timeoutMs,
      Predicate<Throwable> nullIf,
      String cannot,
      String interrupted) {
    try {
      return f.get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      if (nullIf.test(e.getCause())) {
        return null;
      }
      throw new KafkaLoadConfigException(cannot + ": " + rootMessage(e));
    } catch (InterruptedException e) {
      throw interrupted(interrupted);
    }
  }

  /** Keeps the thread's interrupt, and refuses the run with {@code message}. */
  static KafkaLoadConfigException interrupted(String message) {
    Thread.currentThread().interrupt();
    return new KafkaLoadConfigException(message);
  }

  public static String ids(List<Node> nodes) {
    return nodes.stream()
        .map(n -> String.valueOf(n.id()))
        .collect(Collectors.joining(",", "[", "]"));
  }

  /** Connects, then makes sure a topic the protocol never sends to exists as planned. */
  public static int ensureTopic(Connection connection, String topic, TopicPlan plan) {
    try (Admin admin = connection.admin()) {
      checkBootstrap(admin, connection);
      return checkTopic(admin, topic, plan, connection.timeoutMs());
    }
  }

  /** The error of a topic the run needs that does not exist. */
  public static KafkaLoadConfigException missing(String topic) {
    return refused(
        "Topic '%s' does not exist (this tool never lets the broker auto-create a topic with its"
            + " default partition count: create it first)",
        topic);
  }

  /** Describes the topic until it is there and {@code ready}, within the bound; else empty. */
  private static Optional<TopicDescription> awaitDescribed(
      Admin admin, String topic, long timeoutMs, Predicate<TopicDescription> ready) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (true) {
      Optional<TopicDescription> d = OffsetQueries.described(admin, topic, timeoutMs).filter(ready);
      if (d.isPresent() || System.nanoTime() > deadline) {
        return d;
      }
      sleep(100);
    }
  }

  private static void create(Admin admin, String topic, TopicPlan plan, long timeoutMs) {
    try {
      admin.createTopics(List.of(plan.newTopic(topic))).all().get(timeoutMs, TimeUnit.MILLISECONDS);
      // Waits until the created topic has a leader per partition: before, checks and sends fail.
      if (awaitDescribed(admin, topic, timeoutMs, TopicBatches::led).isEmpty()) {
        throw refused(
            "Topic '%s' was created but not every partition has a leader after %s ms",
            topic, timeoutMs);
      }
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw refused(
            "Cannot create topic '%s' with %s: %s%s",
            topic,
            shape(plan.partitions(), plan),
            rootMessage(e),
            e.getCause() instanceof InvalidReplicationFactorException
                ? " (for more embedded brokers: kafka().embeddedBrokers(%s), or -Dkafka.embedded.brokers=%s)"
                    .formatted(plan.replicationFactor(), plan.replicationFactor())
                : "");
      }
    } catch (TimeoutException e) {
      throw refused("Creating topic '%s' timed out after %s ms", topic, timeoutMs);
    } catch (InterruptedException e) {
      throw interrupted("Interrupted while creating topic '" + topic + "'");
    }
  }

  /** "N partitions, replication factor R", and the plan's min.insync.replicas when it sets one. */
  private static String shape(int partitions, TopicPlan plan) {
    return "%s partitions, replication factor %s%s"
        .formatted(
            partitions,
            plan.replicationFactor(),
            plan.minInsyncReplicas() > 0 ? ", " + MIN_ISR + " " + plan.minInsyncReplicas() : "");
  }

  /** The distinct messages of the cause chain, outermost first. */
  public static String messages(Throwable t) {
    return causes(t)
        .map(Throwable::getMessage)
        .filter(Objects::nonNull)
        .distinct()
        .collect(Collectors.joining(": "));
  }

  /** {@code t} and its causes, outermost first (a cause that is its own ends the chain). */
  static Stream<Throwable> causes(Throwable t) {
    return Stream.iterate(t, Objects::nonNull, c -> c.getCause() == c ? null : c.getCause());
  }

  public static String rootMessage(Throwable t) {
    Throwable c = t;
    while ((c instanceof ExecutionException || c.getCause() != null && c.getMessage() == null)
        && c.getCause() != null) {
      c = c.getCause();
    }
    return c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage());
  }
}
