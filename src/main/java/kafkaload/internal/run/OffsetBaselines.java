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
 * Each topic's end offsets before the run's first record to it, for the reconciliation: the default
 * topic's from preflight, others' on the blocking-sender thread, where their sends wait. A missing
 * topic fails its sends (no auto-creation); a failed snapshot is retried by a later send.
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
   * Runs {@code then} on the executor once the topic's baseline is taken (or failed); queued only
   * when the snapshot is done, since a waiting task queued ahead of it on the single thread would
   * wait forever.
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
