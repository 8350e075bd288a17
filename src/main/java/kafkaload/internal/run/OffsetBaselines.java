package kafkaload.internal.run;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The end offsets of every topic the run sends to, each taken before the run's first record to that
 * topic: what the reconciliation compares against. The default topic's come from preflight; a topic
 * first named during the run (a topic override, an EL topic) gets its snapshot on the
 * blocking-sender thread, and sends to it wait for it there. A topic that does not exist fails its
 * sends: the broker would otherwise auto-create it with its default partition count (or, without
 * auto-creation, make every send wait max.block.ms). A failed snapshot is retried by a later send,
 * so a broker that is briefly away does not fail the topic for the rest of the run.
 */
public final class OffsetBaselines {
  private static final long RETRY_NANOS = 1_000_000_000L;

  private final Map<String, CompletableFuture<TopicOffsets>> byTopic = new ConcurrentHashMap<>();
  private final Map<String, Long> failedAt = new ConcurrentHashMap<>();
  private final Function<String, TopicOffsets> snapshot;
  private final Executor executor;

  /**
   * {@code snapshot} reads a topic's id and end offsets, and throws when the topic does not exist.
   */
  public OffsetBaselines(Function<String, TopicOffsets> snapshot, Executor executor) {
    this.snapshot = snapshot;
    this.executor = executor;
  }

  /** A baseline taken elsewhere before any load (preflight's, for the default topic). */
  public void taken(String topic, TopicOffsets offsets) {
    byTopic.put(topic, CompletableFuture.completedFuture(offsets));
  }

  /**
   * The topic's baseline: done at once for a known topic, else taken now, off the caller's thread.
   */
  public CompletableFuture<TopicOffsets> of(String topic) {
    CompletableFuture<TopicOffsets> known = byTopic.get(topic);
    if (known != null && !(known.isCompletedExceptionally() && retryDue(topic))) {
      return known;
    }
    CompletableFuture<TopicOffsets> created = new CompletableFuture<>();
    boolean mine =
        known == null
            ? byTopic.putIfAbsent(topic, created) == null
            : byTopic.replace(topic, known, created);
    if (!mine) {
      return byTopic.get(topic); // another send started it
    }
    executor.execute(
        () -> {
          try {
            created.complete(snapshot.apply(topic));
          } catch (RuntimeException e) {
            failedAt.put(topic, System.nanoTime());
            created.completeExceptionally(e);
          }
        });
    return created;
  }

  /**
   * Runs {@code then} on the executor once the topic's baseline is taken, or with the reason it
   * could not be. It is queued only when the snapshot is done, never ahead of it: a task that
   * waited for the snapshot on the executor's own single thread could be queued before the snapshot
   * by a concurrent first send, and would wait forever.
   */
  public void afterBaseline(String topic, Consumer<Throwable> then) {
    of(topic)
        .whenCompleteAsync(
            (offsets, error) ->
                then.accept(
                    error instanceof CompletionException && error.getCause() != null
                        ? error.getCause()
                        : error),
            executor);
  }

  /** A failed snapshot is retried at most once a second: sends to a missing topic fail fast. */
  private boolean retryDue(String topic) {
    Long t = failedAt.get(topic);
    return t == null || System.nanoTime() - t > RETRY_NANOS;
  }

  /** True when sends to the topic may go at once: its baseline is taken. */
  public boolean ready(String topic) {
    CompletableFuture<TopicOffsets> f = byTopic.get(topic);
    return f != null && f.isDone() && !f.isCompletedExceptionally();
  }

  /** Every baseline taken: topic → its id and end offsets before the run's first record. */
  public Map<String, TopicOffsets> taken() {
    Map<String, TopicOffsets> out = new TreeMap<>();
    byTopic.forEach(
        (topic, f) -> {
          if (f.isDone() && !f.isCompletedExceptionally()) {
            out.put(topic, f.join());
          }
        });
    return out;
  }
}
