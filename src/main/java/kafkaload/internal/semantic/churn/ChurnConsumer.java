package kafkaload.internal.semantic.churn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.semantic.churn.ChurnEvent.Change;
import kafkaload.internal.semantic.churn.ChurnEvent.Committed;
import kafkaload.internal.semantic.churn.ChurnEvent.Life;
import kafkaload.internal.semantic.churn.ChurnEvent.Ownership;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnEvent.Rebalances;
import kafkaload.internal.semantic.churn.ChurnEvent.State;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RetriableCommitFailedException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * A consumer of a churn plan, in a process of its own so that a crash is a real one (its parent
 * kills it: no leave, no commit): a real {@link KafkaConsumer} with its protocol's properties
 * subscribes to its topic, reads, commits after each poll (and before a revocation; a commit a
 * rebalance under way refused is made again at the next one), and prints each event as one {@link
 * ChurnEvent} line. Its parent ({@link ChurnConsumerProcess}) drives it through standard input:
 * {@code stall <ms>} stops polling for that long, {@code close} (or the end of the input: the
 * parent went) closes it gracefully.
 */
public final class ChurnConsumer {
  private final ChurnConsumerSettings settings;
  private final KafkaConsumer<byte[], byte[]> consumer;

  /** Next offset to commit per partition read since the last commit. Poll thread only. */
  private final Map<TopicPartition, OffsetAndMetadata> pending = new HashMap<>();

  private final AtomicLong stallRequested = new AtomicLong();

  /** When the client's own rebalance figures were last printed. Poll thread only. */
  private long rebalancesAt;

  private volatile boolean closing;

  private ChurnConsumer(ChurnConsumerSettings settings) {
    this.settings = settings;
    this.consumer = new KafkaConsumer<>(settings.consumerProperties());
  }

  public static void main(String[] args) {
    try {
      new ChurnConsumer(ChurnConsumerSettings.fromArgs(args)).run();
    } catch (Throwable t) {
      emit(new Life(State.ERROR, now(), t.toString()));
      Console.outTrace(t);
      System.exit(1);
    }
    System.exit(0);
  }

  private void run() {
    emit(new Life(State.STARTED, now(), settings.name()));
    Daemons.start("churn-commands", this::readCommands);
    consumer.subscribe(List.of(settings.topic()), new Listener());
    while (!closing) {
      long stall = stallRequested.getAndSet(0);
      if (stall > 0) {
        stall(stall);
        continue;
      }
      ConsumerRecords<byte[], byte[]> records;
      try {
        records = consumer.poll(Duration.ofMillis(200));
      } catch (WakeupException e) {
        continue;
      }
      long at = now();
      for (TopicPartition tp : records.partitions()) {
        List<ConsumerRecord<byte[], byte[]>> read = records.records(tp);
        long first = read.get(0).offset();
        long last = read.get(read.size() - 1).offset();
        List<Integer> endToEnd = new ArrayList<>(read.size());
        for (ConsumerRecord<byte[], byte[]> r : read) {
          endToEnd.add((int) Math.max(0, at - r.timestamp()));
        }
        emit(new Read(at, tp.partition(), read.size(), first, last, endToEnd));
        pending.put(tp, new OffsetAndMetadata(last + 1));
      }
      commit(pending.keySet());
      if (at - rebalancesAt >= 1_000) {
        rebalancesAt = at;
        emit(rebalances(at));
      }
    }
    emit(rebalances(now()));
    emit(new Life(State.CLOSING, now(), ""));
    commit(pending.keySet());
    consumer.close();
    emit(new Life(State.CLOSED, now(), ""));
  }

  /** Kafka's own rebalance figures of this consumer, from its metrics. */
  private Rebalances rebalances(long at) {
    Map<String, Double> m = new HashMap<>();
    consumer
        .metrics()
        .forEach(
            (name, metric) -> {
              if (name.group().equals("consumer-coordinator-metrics")
                  && metric.metricValue() instanceof Double d) {
                m.put(name.name(), d);
              }
            });
    return new Rebalances(
        at,
        consumer.groupMetadata().generationId(),
        whole(m.get("rebalance-total")),
        whole(m.get("rebalance-latency-total")),
        whole(m.get("rebalance-latency-max")),
        whole(m.get("failed-rebalance-total")));
  }

  /** A metric as a whole number; an absent or undefined one (NaN: no rebalance yet) is 0. */
  private static long whole(Double v) {
    return v == null || v.isNaN() || v.isInfinite() ? 0 : Math.round(v);
  }

  /** No poll for {@code millis}: past max.poll.interval.ms the consumer leaves the group. */
  private void stall(long millis) {
    emit(new Life(State.STALLED, now(), String.valueOf(millis)));
    long end = System.nanoTime() + millis * 1_000_000;
    while (!closing && System.nanoTime() < end) {
      try {
        Thread.sleep(Math.min(50, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    emit(new Life(State.RESUMED, now(), ""));
  }

  /** Commits what was read of {@code partitions}; a failed commit is an event, not an end. */
  private void commit(Collection<TopicPartition> partitions) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (TopicPartition tp : new ArrayList<>(partitions)) {
      OffsetAndMetadata o = pending.remove(tp);
      if (o != null) {
        offsets.put(tp, o);
      }
    }
    if (offsets.isEmpty()) {
      return;
    }
    try {
      consumer.commitSync(offsets);
      Map<Integer, Long> committed = new HashMap<>();
      offsets.forEach((tp, o) -> committed.put(tp.partition(), o.offset()));
      emit(new Committed(now(), committed));
    } catch (WakeupException e) {
      // a close was asked for during the commit: the loop ends and commits what is left
      offsets.forEach(pending::putIfAbsent);
    } catch (RebalanceInProgressException | RetriableCommitFailedException e) {
      // a rebalance under way (the cooperative protocol's first phase): as Kafka's Javadoc says,
      // poll to complete it and commit again; kept for the next commit, or the revocation's
      // (a lost partition drops them)
      offsets.forEach(pending::putIfAbsent);
    } catch (KafkaException e) {
      emit(new Life(State.ERROR, now(), "commit " + offsets.keySet() + ": " + e));
    }
  }

  /** The parent's commands, one a line; the end of the input closes the consumer. */
  private void readCommands() {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        String l = line.trim();
        if (l.equals("close")) {
          break;
        } else if (l.startsWith("stall ")) {
          stallRequested.set(Long.parseLong(l.substring("stall ".length()).trim()));
          consumer.wakeup();
        } else if (!l.isEmpty()) {
          emit(new Life(State.ERROR, now(), "unknown command: " + l));
        }
      }
    } catch (IOException | RuntimeException e) {
      emit(new Life(State.ERROR, now(), "commands: " + e));
    }
    closing = true;
    consumer.wakeup();
  }

  /** The rebalance callbacks, on the poll thread: each prints its event. */
  private final class Listener implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      commit(partitions);
      emit(new Ownership(Change.REVOKED, now(), numbers(partitions)));
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      emit(new Ownership(Change.ASSIGNED, now(), numbers(partitions)));
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
      partitions.forEach(pending::remove);
      emit(new Ownership(Change.LOST, now(), numbers(partitions)));
    }
  }

  private static List<Integer> numbers(Collection<TopicPartition> partitions) {
    return partitions.stream().map(TopicPartition::partition).sorted().toList();
  }

  private static long now() {
    return System.currentTimeMillis();
  }

  private static synchronized void emit(ChurnEvent event) {
    Console.out(ChurnEvent.format(event));
  }
}
