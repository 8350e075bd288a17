package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Baselines: preflight's taken as is, others snapshotted once off the caller's thread, failures
 * retried at most once a second.
 */
class OffsetBaselinesTest {
  private final AtomicInteger calls = new AtomicInteger();

  private static TopicOffsets offsets(Map<Integer, Long> endOffsets) {
    return new TopicOffsets("id", endOffsets, 0);
  }

  /** End offsets {0: 10, 1: 20} on the call's own thread; "missing" throws. */
  private OffsetBaselines direct() {
    return new OffsetBaselines(
        topic -> {
          calls.incrementAndGet();
          if (topic.equals("missing")) {
            throw new IllegalStateException("no topic " + topic);
          }
          return offsets(Map.of(1, 20L, 0, 10L));
        },
        Runnable::run);
  }

  @Test
  void aBaselineTakenByPreflightIsDoneAtOnceWithoutASnapshot() {
    OffsetBaselines b = direct();
    Map<Integer, Long> offsets = new HashMap<>(Map.of(0, 5L));
    b.taken("perf", offsets(offsets));
    offsets.put(1, 6L);
    CompletableFuture<TopicOffsets> f = b.of("perf");
    assertTrue(f.isDone());
    assertEquals(Map.of(0, 5L), f.join().endOffsets(), "a copy of what preflight took");
    assertEquals(0, calls.get());
    assertTrue(b.ready("perf"));
    assertEquals(Map.of("perf", offsets(Map.of(0, 5L))), b.taken());
  }

  @Test
  void anotherTopicIsSnapshottedOnce() {
    OffsetBaselines b = direct();
    assertFalse(b.ready("other"));
    CompletableFuture<TopicOffsets> f = b.of("other");
    assertEquals(Map.of(0, 10L, 1, 20L), f.join().endOffsets());
    assertSame(f, b.of("other"));
    assertEquals(1, calls.get());
    assertTrue(b.ready("other"));
  }

  @Test
  void aSnapshotStillRunningIsNotReadyNorTaken() {
    List<Runnable> queued = new ArrayList<>();
    OffsetBaselines b = new OffsetBaselines(topic -> offsets(Map.of(0, 1L)), queued::add);
    CompletableFuture<TopicOffsets> f = b.of("t");
    assertSame(f, b.of("t"), "the second send waits on the first one's snapshot");
    assertEquals(1, queued.size());
    assertFalse(b.ready("t"));
    assertEquals(Map.of(), b.taken());
    queued.get(0).run();
    assertTrue(b.ready("t"));
    assertEquals(Map.of("t", offsets(Map.of(0, 1L))), b.taken());
  }

  @Test
  void aFailedSnapshotFailsFastThenIsRetriedAfterASecond() throws InterruptedException {
    OffsetBaselines b = direct();
    CompletableFuture<TopicOffsets> failed = b.of("missing");
    CompletionException e = assertThrows(CompletionException.class, failed::join);
    assertEquals("no topic missing", e.getCause().getMessage());
    assertFalse(b.ready("missing"));
    assertEquals(Map.of(), b.taken());
    assertSame(failed, b.of("missing"), "no retry within the second");
    assertEquals(1, calls.get());
    Thread.sleep(1_050);
    CompletableFuture<TopicOffsets> retried = b.of("missing");
    assertTrue(retried != failed);
    assertEquals(2, calls.get());
  }

  /**
   * Four users' first sends to a new topic race on several event loops; each continuation must be
   * queued only once the snapshot is taken, never ahead of it on the single blocking-sender thread
   * (where it would wait forever).
   */
  @Test
  void whatWaitsForABaselineIsQueuedOnlyAfterTheSnapshot() {
    List<Runnable> queued = new ArrayList<>();
    OffsetBaselines b = new OffsetBaselines(topic -> offsets(Map.of(0, 1L)), queued::add);
    List<Throwable> outcomes = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      b.afterBaseline("t", outcomes::add);
    }
    assertEquals(1, queued.size(), "only the snapshot is queued while it is not taken");
    queued.remove(0).run();
    assertEquals(4, queued.size(), "then every waiting send");
    queued.forEach(Runnable::run);
    assertEquals(Arrays.asList(null, null, null, null), outcomes);
    b.afterBaseline("t", outcomes::add);
    assertEquals(5, queued.size(), "a taken baseline queues the send at once");
  }

  @Test
  void whatWaitsForAFailedBaselineGetsTheReason() {
    OffsetBaselines b = direct();
    List<Throwable> outcomes = new ArrayList<>();
    b.afterBaseline("missing", outcomes::add);
    b.afterBaseline("missing", outcomes::add);
    assertEquals(2, outcomes.size());
    outcomes.forEach(e -> assertEquals("no topic missing", e.getMessage()));
  }
}
