package kafkaload.internal.verification;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.TopicBatches;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.results.ReconciliationResult.TopicChange;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * Looks at the run's topics every few seconds and notes in the ledger one deleted or re-created
 * (its id changed), and when; the reconciliation checks ids again at the end, so a missed change is
 * still found.
 */
public final class TopicWatch implements AutoCloseable {
  static final long INTERVAL_MS = 5_000;

  private final ScheduledExecutorService timer = Daemons.timer("kafkaload-topic-watch");
  private final Connection connection;
  private final RunLedger ledger;
  private Admin admin;

  private TopicWatch(Connection connection, RunLedger ledger) {
    this.connection = connection;
    this.ledger = ledger;
  }

  public static TopicWatch start(Connection connection, RunLedger ledger) {
    TopicWatch w = new TopicWatch(connection, ledger);
    w.timer.scheduleWithFixedDelay(w::look, INTERVAL_MS, INTERVAL_MS, TimeUnit.MILLISECONDS);
    return w;
  }

  private void look() {
    try {
      if (admin == null) {
        admin = connection.admin();
      }
      Map<String, TopicOffsets> taken = ledger.baselines().taken();
      // One describe per batch of topics: a run may spread over hundreds.
      Map<String, TopicDescription> now =
          TopicBatches.describe(admin, new ArrayList<>(taken.keySet()), connection.timeoutMs());
      taken.forEach((topic, before) -> look(topic, before, Optional.ofNullable(now.get(topic))));
    } catch (RuntimeException e) {
      // A broker away (a fault test) is not a topic change: the next look, or the reconciliation,
      // tells.
    }
  }

  /** The topic's id and partition count are all the watch needs: a describe, not its offsets. */
  private void look(String topic, TopicOffsets before, Optional<TopicDescription> current) {
    long now = System.currentTimeMillis();
    if (current.isPresent() && String.valueOf(current.get().topicId()).equals(before.topicId())) {
      ledger.topicSeen(topic, now);
      return;
    }
    TopicChange known = ledger.topicChanges().get(topic);
    TopicChange seen =
        TopicChange.of(
            topic,
            before.endOffsets().size(),
            current.map(d -> d.partitions().size()),
            ledger.topicLastSeen(topic, before),
            now);
    if (known == null) {
      ledger.topicChanged(seen);
    } else if (!known.change().equals(seen.change())) {
      // Deleted at first look, re-created at a later one: it changed when it was first seen
      // deleted.
      ledger.topicChanged(
          new TopicChange(
              topic,
              seen.change(),
              known.lastSeenMillis(),
              known.seenChangedMillis(),
              known.partitionsBefore(),
              seen.partitionsAfter()));
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
    if (admin != null) {
      admin.close(Duration.ofSeconds(2));
    }
  }
}
