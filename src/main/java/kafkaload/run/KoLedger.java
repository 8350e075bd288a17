package kafkaload.run;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The run identity (user, sequence) of every record whose send was KO. A KO'd record can still be in the topic (a
 * batch that timed out in the client after the broker wrote it), so the read-back must not let it stand in for an
 * acked record that is missing: lost = acked records not read back, never acked minus whatever was read back.
 */
public final class KoLedger {
  /** KOs are rare; past this many, lost becomes a lower bound and the reconciliation says so. */
  static final int CAPACITY = 1_000_000;

  private final Set<Long> ids = ConcurrentHashMap.newKeySet();
  private volatile boolean overflowed;

  public void add(long user, long seq) {
    if (seq < 0 || seq > Integer.MAX_VALUE) {
      return; // no identity on this record, or beyond what the read-back tracks
    }
    if (ids.size() >= CAPACITY) {
      overflowed = true;
      return;
    }
    ids.add(key(user, seq));
  }

  public boolean contains(long user, long seq) {
    return ids.contains(key(user, seq));
  }

  /** False when more KOs happened than the ledger keeps. */
  public boolean complete() {
    return !overflowed;
  }

  private static long key(long user, long seq) {
    return (user << 31) | seq; // user ids below 2^32 and sequences below 2^31, as the read-back's bitsets
  }
}
