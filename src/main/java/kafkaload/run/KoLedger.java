package kafkaload.run;

import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The run-wide sequence number of every record whose send was KO. A KO'd record can still be in the topic (a batch
 * that timed out in the client after the broker wrote it), so the read-back must not let it stand in for an acked
 * record that is missing: lost = acked records not read back, never acked minus whatever was read back. Kept in a
 * compressed bitmap: a broker outage of a million KOs costs well under a megabyte, so nothing is capped.
 */
public final class KoLedger {
  private final Roaring64Bitmap seqs = new Roaring64Bitmap();

  /** {@code seq} negative: the record carried no run identity, so the read-back cannot see it either. */
  public synchronized void add(long seq) {
    if (seq >= 0) {
      seqs.addLong(seq);
    }
  }

  public synchronized boolean contains(long seq) {
    return seq >= 0 && seqs.contains(seq);
  }

  public synchronized long size() {
    return seqs.getLongCardinality();
  }

  /** Bytes the ledger takes, for the memory figures. */
  public synchronized long sizeInBytes() {
    return seqs.getLongSizeInBytes();
  }
}
