package kafkaload.internal.semantic.backlog;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import kafkaload.internal.admin.OffsetQueries;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads the backlog through AdminClient, as kafka-consumer-groups --describe computes lag: the
 * topic's end offsets (listOffsets) against the group's committed offsets
 * (listConsumerGroupOffsets). A partition the group has not committed on counts from its end offset
 * when the backlog started, so records written since are lag even before the group's first commit.
 */
final class BacklogProbe {
  private final Admin admin;
  private final String topic;
  private final String group;
  private final long timeoutMs;
  private final Map<Integer, Long> startEnds;
  private final long startNanos;
  private final long startMillis = System.currentTimeMillis();

  /** Takes the topic's end offsets now: the start of the backlog's counts and its seconds. */
  BacklogProbe(Admin admin, String topic, String group, long timeoutMs) {
    this.admin = admin;
    this.topic = topic;
    this.group = group;
    this.timeoutMs = timeoutMs;
    this.startEnds = OffsetQueries.endOffsets(admin, topic, timeoutMs);
    this.startNanos = System.nanoTime();
  }

  /** The start, epoch ms. */
  long startMillis() {
    return startMillis;
  }

  /** Seconds since the start. */
  double second() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** Produced and consumed since the start, and the lag, now. */
  BacklogMath.Reading read() {
    Map<Integer, Long> ends = OffsetQueries.endOffsets(admin, topic, timeoutMs);
    Map<Integer, Long> committed = committed();
    double second = second();
    long produced = 0;
    long consumed = 0;
    long lag = 0;
    for (Map.Entry<Integer, Long> e : ends.entrySet()) {
      long start = startEnds.getOrDefault(e.getKey(), 0L);
      long position = Math.max(start, committed.getOrDefault(e.getKey(), start));
      produced += e.getValue() - start;
      consumed += position - start;
      lag += Math.max(0, e.getValue() - committed.getOrDefault(e.getKey(), start));
    }
    return new BacklogMath.Reading(second, produced, consumed, lag);
  }

  /** The group's committed offset per partition of the topic. */
  private Map<Integer, Long> committed() {
    try {
      Map<TopicPartition, OffsetAndMetadata> all =
          admin
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get(timeoutMs, TimeUnit.MILLISECONDS);
      return all.entrySet().stream()
          .filter(e -> e.getValue() != null && e.getKey().topic().equals(topic))
          .collect(Collectors.toMap(e -> e.getKey().partition(), e -> e.getValue().offset()));
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(
          "cannot read the committed offsets of group '" + group + "': " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted reading group '" + group + "'", e);
    }
  }
}
