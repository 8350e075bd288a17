package kafkaload.internal.admin;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Preflight of many topics (a run spread over them, {@code topics(prefix, n)}): each step one
 * AdminClient call per batch of {@link #BATCH} topics, never one round trip per topic; a refusal
 * names the topics at fault.
 */
public final class TopicBatches {
  private static final Logger LOG = LoggerFactory.getLogger(TopicBatches.class);

  /** Topics per AdminClient call. */
  public static final int BATCH = 100;

  /** Topics named in a refusal, the rest counted. */
  static final int NAMED = 10;

  static final String INTERRUPTED = "Interrupted during preflight";

  /** A failure that leaves a topic out: it does not exist (any more). */
  private static final Predicate<Throwable> UNKNOWN =
      UnknownTopicOrPartitionException.class::isInstance;

  private TopicBatches() {}

  /** {@code all} cut into consecutive lists of at most {@code size}. */
  static <T> List<List<T>> batches(List<T> all, int size) {
    List<List<T>> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i += size) {
      out.add(all.subList(i, Math.min(all.size(), i + size)));
    }
    return out;
  }

  /** "'a', 'b' and 3 more": at most {@link #NAMED} topics named. */
  static String named(List<String> topics) {
    return listed(topics.stream().map(t -> "'" + t + "'").toList());
  }

  /** "a, b and 3 more": at most {@link #NAMED} items listed. */
  private static String listed(List<String> items) {
    String shown = String.join(", ", items.subList(0, Math.min(NAMED, items.size())));
    return items.size() > NAMED ? shown + " and " + (items.size() - NAMED) + " more" : shown;
  }

  /**
   * The checks that create nothing: valid names; missing topics only when the plan creates them,
   * with replicas for its min.insync.replicas under acks=all; existing ones not smaller than
   * planned; topics to create with no more replicas than the cluster's {@code brokers}. Returns the
   * partitions of all the topics, existing or to be created.
   */
  public static long checkPlan(
      Admin admin,
      List<String> topics,
      TopicPlan plan,
      long timeoutMs,
      boolean acksAll,
      int brokers) {
    topics.forEach(Preflight::validName);
    Map<String, TopicDescription> found = describe(admin, topics, timeoutMs);
    List<String> missing = topics.stream().filter(t -> !found.containsKey(t)).toList();
    if (!missing.isEmpty() && !plan.create()) {
      throw refused(
          "%s of the run's %s topics do not exist: %s. Create them first, or let the protocol "
              + "create them: kafka().topics(prefix, n).createTopic(partitions, "
              + "replicationFactor) (in the shipped simulations: -Dtopic.create=true)",
          missing.size(), topics.size(), named(missing));
    }
    if (!missing.isEmpty()) {
      Preflight.checkReplication("Topics " + named(missing), plan, brokers);
      Preflight.checkMinInsync("Topics " + named(missing), "them", plan, acksAll);
    }
    refuseSmaller(found, plan);
    return found.values().stream().mapToLong(d -> d.partitions().size()).sum()
        + (long) missing.size() * plan.partitions();
  }

  /**
   * Creates the missing topics in batches, refuses existing ones with fewer partitions than
   * planned, waits for every partition's leader, and returns each topic's id and end offsets (the
   * reconciliation's baselines), in the order given.
   */
  public static Map<String, TopicOffsets> prepare(
      Admin admin, List<String> topics, TopicPlan plan, long timeoutMs) {
    long t0 = System.nanoTime();
    Map<String, TopicDescription> found = describe(admin, topics, timeoutMs);
    refuseSmaller(found, plan);
    List<String> missing = topics.stream().filter(t -> !found.containsKey(t)).toList();
    if (!missing.isEmpty() && !plan.create()) {
      throw refused("%s of the run's topics do not exist: %s", missing.size(), named(missing));
    }
    create(admin, missing, plan, timeoutMs);
    Map<String, TopicDescription> ready = awaitLeaders(admin, topics, timeoutMs);
    Map<String, TopicOffsets> offsets = endOffsets(admin, ready, timeoutMs, INTERRUPTED);
    long partitions = ready.values().stream().mapToLong(d -> d.partitions().size()).sum();
    LOG.info(
        "Preflight: {} topics ({} created, {} existing), {} partitions, checked in {} ms",
        topics.size(),
        missing.size(),
        topics.size() - missing.size(),
        partitions,
        (System.nanoTime() - t0) / 1_000_000);
    if (partitions < plan.concurrency()) {
      LOG.warn(
          "Preflight: the {} topics have {} partitions in all for {} concurrent producers",
          topics.size(),
          partitions,
          plan.concurrency());
    }
    return offsets;
  }

  /** Each topic's id and end offsets now, in batches; a topic that no longer exists is left out. */
  public static Map<String, TopicOffsets> offsets(
      Admin admin, List<String> topics, long timeoutMs) {
    return endOffsets(admin, describe(admin, topics, timeoutMs), timeoutMs, INTERRUPTED);
  }

  /** A topic the plan would create with N partitions that exists with fewer: refused by name. */
  private static void refuseSmaller(Map<String, TopicDescription> found, TopicPlan plan) {
    if (!plan.create()) {
      return;
    }
    List<String> smaller =
        found.values().stream()
            .filter(d -> d.partitions().size() < plan.partitions())
            .map(d -> "'" + d.name() + "' (" + d.partitions().size() + ")")
            .sorted()
            .toList();
    if (!smaller.isEmpty()) {
      throw refused(
          "%s topic(s) already exist with fewer partitions than the %s planned: %s. Delete "
              + "them, or plan as many partitions as they have",
          smaller.size(), plan.partitions(), listed(smaller));
    }
  }

  /** The topics that exist, described one call per batch. */
  public static Map<String, TopicDescription> describe(
      Admin admin, List<String> topics, long timeoutMs) {
    Map<String, TopicDescription> found = new LinkedHashMap<>();
    for (List<String> batch : batches(topics, BATCH)) {
      Map<String, KafkaFuture<TopicDescription>> each =
          admin.describeTopics(batch).topicNameValues();
      for (String t : batch) {
        TopicDescription d =
            Preflight.await(
                each.get(t), timeoutMs, UNKNOWN, "Cannot describe topic '" + t + "'", INTERRUPTED);
        if (d != null) {
          found.put(t, d);
        }
      }
    }
    return found;
  }

  private static void create(Admin admin, List<String> missing, TopicPlan plan, long timeoutMs) {
    // By topic name: the topic as the refusal lists it, "'name' (why)".
    Map<String, String> failed = new TreeMap<>();
    for (List<String> batch : batches(missing, BATCH)) {
      Map<String, KafkaFuture<Void>> each =
          admin.createTopics(batch.stream().map(plan::newTopic).toList()).values();
      for (String t : batch) {
        try {
          each.get(t).get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) {
            failed.put(t, "'" + t + "' (" + Preflight.rootMessage(e) + ")");
          }
        } catch (TimeoutException e) {
          failed.put(t, "'" + t + "' (timed out after " + timeoutMs + " ms)");
        } catch (InterruptedException e) {
          throw Preflight.interrupted("Interrupted while creating topics");
        }
      }
    }
    if (!failed.isEmpty()) {
      throw refused(
          "Cannot create %s of %s topics with %s partitions, replication factor %s: %s",
          failed.size(),
          missing.size(),
          plan.partitions(),
          plan.replicationFactor(),
          listed(List.copyOf(failed.values())));
    }
  }

  /**
   * Describes every topic until each partition has a leader; refused when none more got one within
   * the bound (a broker making thousands of partitions takes longer than the bound in all).
   */
  private static Map<String, TopicDescription> awaitLeaders(
      Admin admin, List<String> topics, long timeoutMs) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    List<String> pending = topics;
    Map<String, TopicDescription> ready = new HashMap<>();
    while (true) {
      Map<String, TopicDescription> now = describe(admin, pending, timeoutMs);
      now.values().stream().filter(TopicBatches::led).forEach(d -> ready.put(d.name(), d));
      int before = pending.size();
      pending = pending.stream().filter(t -> !ready.containsKey(t)).toList();
      if (pending.size() < before) {
        deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      }
      if (pending.isEmpty()) {
        Map<String, TopicDescription> ordered = new LinkedHashMap<>();
        topics.forEach(t -> ordered.put(t, ready.get(t)));
        return ordered;
      }
      if (System.nanoTime() > deadline) {
        throw refused(
            "%s topic(s) have a partition without a leader, none more after %s ms: %s",
            pending.size(), timeoutMs, named(pending));
      }
      Preflight.sleep(100);
    }
  }

  /** Every partition has a leader: before, checks and sends fail. */
  static boolean led(TopicDescription d) {
    return d.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty());
  }

  /**
   * Each topic's id and end offsets, one listOffsets call per batch of topics; a topic deleted
   * since it was described is left out (its partitions' results are unknown, the others' kept).
   * {@code interrupted}: the refusal of an interrupt.
   */
  static Map<String, TopicOffsets> endOffsets(
      Admin admin, Map<String, TopicDescription> topics, long timeoutMs, String interrupted) {
    Map<String, TopicOffsets> out = new LinkedHashMap<>();
    for (List<String> batch : batches(new ArrayList<>(topics.keySet()), BATCH)) {
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      for (String t : batch) {
        topics
            .get(t)
            .partitions()
            .forEach(p -> request.put(new TopicPartition(t, p.partition()), OffsetSpec.latest()));
      }
      ListOffsetsResult result = admin.listOffsets(request);
      // Each topic of the batch, in order, until one of its partitions turns out gone.
      Map<String, Map<Integer, Long>> ends = new LinkedHashMap<>();
      batch.forEach(t -> ends.put(t, new HashMap<>()));
      for (TopicPartition tp : request.keySet()) {
        ListOffsetsResultInfo info =
            Preflight.await(
                result.partitionResult(tp),
                timeoutMs,
                UNKNOWN,
                "Cannot read end offsets of topic '" + tp.topic() + "'",
                interrupted);
        Map<Integer, Long> topicEnds = ends.get(tp.topic());
        if (info == null) {
          ends.remove(tp.topic());
        } else if (topicEnds != null) {
          topicEnds.put(tp.partition(), info.offset());
        }
      }
      long now = System.currentTimeMillis();
      ends.forEach(
          (t, e) -> out.put(t, new TopicOffsets(String.valueOf(topics.get(t).topicId()), e, now)));
    }
    return out;
  }
}
