package kafkaload.internal.verification;

import java.lang.management.ManagementFactory;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.run.KoLedger;
import org.apache.kafka.common.TopicPartition;

/**
 * The read-back's memory, not a test: feeds N records' identities into the read-back state and
 * prints the heap it retains. {@code design}: "new" (the run-wide sequence in a bitmap, a bounded
 * reorder window) or "old" (the state as it was before, an object per virtual user, reproduced
 * below only as the baseline). {@code model}: "open" (every record its own user) or "closed" (1,000
 * users). Run by bench/readback-memory.sh, one JVM per figure.
 */
public final class ReadBackMemoryBench {
  private static final int PARTITIONS = 16;
  private static final int CLOSED_USERS = 1_000;

  /**
   * The read-back's state before the run-wide sequence: a BitSet per user, a last sequence per user
   * and partition.
   */
  static final class OldState {
    final Map<Long, BitSet> seen = new HashMap<>();
    final Map<TopicPartition, Map<Long, Long>> lastSeq = new HashMap<>();

    void accept(TopicPartition p, long user, long userSeq) {
      seen.computeIfAbsent(user, u -> new BitSet()).set((int) userSeq);
      lastSeq.computeIfAbsent(p, x -> new HashMap<>()).put(user, userSeq);
    }
  }

  public static void main(String[] args) {
    String design = args[0];
    String model = args[1];
    long n = Long.parseLong(args[2]);
    TopicPartition[] partitions = new TopicPartition[PARTITIONS];
    for (int i = 0; i < PARTITIONS; i++) {
      partitions[i] = new TopicPartition("t", i);
    }
    long before = retained();
    Object state;
    long t0 = System.nanoTime();
    if (design.equals("new")) {
      RecordReadBack.ReadState s =
          new RecordReadBack.ReadState(
              new KoLedger(), new KoLedger(), RecordReadBack.REORDER_WINDOW, List.of(0L));
      for (long seq = 0; seq < n; seq++) {
        long user = model.equals("open") ? seq : seq % CLOSED_USERS;
        s.accept(partitions[(int) (seq % PARTITIONS)], user, seq);
      }
      state = s;
    } else {
      OldState s = new OldState();
      for (long seq = 0; seq < n; seq++) {
        boolean open = model.equals("open");
        long user = open ? seq : seq % CLOSED_USERS;
        s.accept(partitions[(int) (seq % PARTITIONS)], user, open ? 0 : seq / CLOSED_USERS);
      }
      state = s;
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    long after = retained();
    System.out.printf(
        "design=%s model=%s records=%d retainedBytes=%d seconds=%.2f%n",
        design, model, n, after - before, seconds);
    if (state.hashCode() == 42) {
      System.out.print(""); // keeps the state reachable until after the measurement
    }
  }

  /** Heap used after full collections: what is still reachable. */
  private static long retained() {
    var memory = ManagementFactory.getMemoryMXBean();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }
}
