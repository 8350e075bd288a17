package kafkaload.internal.semantic.faultwatch;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * Reads the leaders and ISRs of the run's topics every {@link #POLL_MS} ms (AdminClient's
 * describeTopics), on a daemon thread of its own, from the load's start to its end, into the
 * counters' {@link MetadataHistory}; settles faults long past as it goes. A resource of the run:
 * closed with its components, when it prints the faults' console blocks.
 */
final class MetadataWatcher implements AutoCloseable {
  static final long POLL_MS = 300;

  /** A read that takes longer (a broker down) is abandoned; the next one comes on time. */
  private static final int READ_TIMEOUT_MS = 2_000;

  private final KafkaComponents components;
  private volatile Admin admin;
  private final FaultWatchCounters counters;
  // Besides the acked topics; null over many topics, where it is their prefix, not a topic.
  private final String defaultTopic;
  private final Thread thread;
  private volatile boolean stopped;

  MetadataWatcher(KafkaComponents components, FaultWatchCounters counters, String defaultTopic) {
    this.components = components;
    this.counters = counters;
    this.defaultTopic = defaultTopic;
    this.thread = Daemons.thread("kafkaload-fault-watch", this::run);
  }

  MetadataWatcher start() {
    thread.start();
    return this;
  }

  private void run() {
    while (!stopped) {
      long begun = components.clock().nowMillis();
      try {
        poll();
        counters.settle(components.clock().nowMillis(), components.ledger().faults());
      } catch (RuntimeException e) {
        counters.polled(reason(e)); // counted and shown; the watch goes on
      }
      long sleep = POLL_MS - (components.clock().nowMillis() - begun);
      try {
        if (sleep > 0) {
          Thread.sleep(sleep);
        }
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** One reading; a topic that could not be read (not there yet, a timeout) keeps its state. */
  private void poll() {
    Set<String> names = new TreeSet<>(counters.ackedTopics());
    if (defaultTopic != null) {
      names.add(defaultTopic);
    }
    if (names.isEmpty()) {
      return;
    }
    String error = null;
    Map<String, TopicDescription> read = new HashMap<>();
    try {
      if (admin == null) {
        // On this thread: a cluster that does not answer delays no one.
        admin = components.connection().admin();
      }
      Map<String, KafkaFuture<TopicDescription>> each =
          admin
              .describeTopics(names, new DescribeTopicsOptions().timeoutMs(READ_TIMEOUT_MS))
              .topicNameValues();
      for (Map.Entry<String, KafkaFuture<TopicDescription>> e : each.entrySet()) {
        try {
          read.put(e.getKey(), e.getValue().get(READ_TIMEOUT_MS + 500L, TimeUnit.MILLISECONDS));
        } catch (ExecutionException | TimeoutException x) {
          error = reason(x);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped = true;
      return;
    } catch (RuntimeException e) {
      error = reason(e);
    }
    if (!read.isEmpty()) {
      counters.metadata().observe(components.clock().nowMillis(), states(read));
    }
    counters.polled(error);
  }

  private static String reason(Exception e) {
    Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
    return cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }

  /** Each partition's leader (-1: none) and ISR, sorted. */
  static Map<TopicPartition, MetadataHistory.State> states(Map<String, TopicDescription> topics) {
    Map<TopicPartition, MetadataHistory.State> out = new HashMap<>();
    topics.forEach(
        (name, d) -> {
          for (TopicPartitionInfo p : d.partitions()) {
            Node leader = p.leader();
            out.put(
                new TopicPartition(name, p.partition()),
                new MetadataHistory.State(
                    leader == null || leader.isEmpty() ? -1 : leader.id(),
                    p.isr().stream().map(Node::id).sorted().toList()));
          }
        });
    return out;
  }

  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
    Daemons.join(thread, READ_TIMEOUT_MS + 1_000L);
    if (admin != null) {
      admin.close(java.time.Duration.ofSeconds(2));
    }
    FaultConsole.lines(counters.last()).forEach(Console::out);
  }
}
