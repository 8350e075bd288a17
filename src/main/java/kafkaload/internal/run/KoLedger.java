package kafkaload.internal.run;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The sequence number of every KO'd record. A KO'd record may still be in the topic (a batch timed
 * out after the broker wrote it), so lost = acked records not read back. A compressed bitmap: a
 * million KOs cost under a megabyte, so nothing is capped.
 */
public final class KoLedger {
  private final Roaring64Bitmap seqs = new Roaring64Bitmap();

  /** {@code seq} negative: no run identity, so the read-back cannot see it either. */
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

  /** Adds another ledger's KOs, in {@link #serialized()} form (an injector's, in the merge). */
  public synchronized void addSerialized(byte[] bytes) {
    seqs.or(fromPortable(bytes, "KO ledger"));
  }

  /** The ledger in RoaringBitmap's portable form, for an injector's result file. */
  public synchronized byte[] serialized() {
    return portable(seqs);
  }

  /** A set of sequence numbers in RoaringBitmap's portable form, as injectors hand the merge. */
  public static byte[] portable(Roaring64Bitmap b) {
    b.runOptimize();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataOutputStream d = new DataOutputStream(out)) {
      b.serializePortable(d);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Reads {@link #portable} bytes; {@code what} names the set in the error. */
  public static Roaring64Bitmap fromPortable(byte[] bytes, String what) {
    Roaring64Bitmap b = new Roaring64Bitmap();
    try {
      b.deserializePortable(new DataInputStream(new ByteArrayInputStream(bytes)));
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not a serialized " + what + ": " + e.getMessage(), e);
    }
    return b;
  }

  /** Bytes the ledger takes, for the memory figures. */
  public synchronized long sizeInBytes() {
    return seqs.getLongSizeInBytes();
  }
}
