package kafkaload.internal.semantic.capacity;

import java.util.List;
import java.util.function.Supplier;
import kafkaload.internal.verification.LagMonitor;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.utils.Utils;

/**
 * The groups under test after a plateau ({@code kafka().lagMonitor(..)}, -Dlag.groups): a rate the
 * producers sustain but the consumers cannot follow is not sustained. Waits for their lag to fall
 * to the bound, and says how far behind the worst group still is when it did not.
 */
final class GroupLag implements AutoCloseable {
  /** A group and its records behind (end offset minus committed, over its partitions). */
  record Behind(String group, long records) {}

  private final List<String> groups;
  private final IsolationLevel isolation;
  private final Supplier<Admin> connect;
  private Admin admin;

  GroupLag(List<String> groups, IsolationLevel isolation, Supplier<Admin> connect) {
    this.groups = List.copyOf(groups);
    this.isolation = isolation;
    this.connect = connect;
  }

  /**
   * Polls the groups' lag until every one is at most {@code maxLag} or {@code untilNanos} passes:
   * the worst group then; null when there is no group under test.
   */
  Behind waitDrained(long maxLag, long untilNanos) {
    if (groups.isEmpty()) {
      return null;
    }
    if (admin == null) {
      admin = connect.get();
    }
    Behind worst;
    do {
      worst = null;
      for (String g : groups) {
        long lag = LagMonitor.lag(admin, g, isolation).values().stream().mapToLong(x -> x).sum();
        if (worst == null || lag > worst.records()) {
          worst = new Behind(g, lag);
        }
      }
      if (worst.records() <= maxLag) {
        return worst;
      }
      Utils.sleep(250); // an interrupt ends the wait, and is kept
      if (Thread.currentThread().isInterrupted()) {
        return worst;
      }
    } while (System.nanoTime() < untilNanos);
    return worst;
  }

  @Override
  public void close() {
    if (admin != null) {
      admin.close();
    }
  }
}
