package kafkaload.internal.semantic.share;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import kafkaload.internal.run.KoLedger;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * What a share group settled by run-wide sequence: accepted, twice, rejected, archived, refused.
 * One injector's, or the union in a merge (a record produced on one may be accepted on another);
 * reconciled the same way. Not shared between threads (ShareCounters guards its own).
 */
public record ShareOutcomes(
    Roaring64Bitmap accepted,
    Roaring64Bitmap acceptedTwice,
    Roaring64Bitmap rejected,
    Roaring64Bitmap archived,
    Roaring64Bitmap refused) {
  /** Sequence numbers kept as a sample of the missing records. */
  static final int MISSING_SAMPLE = 20;

  /** The sequence numbers an injector issued: {@code issued} of them from {@code start}. */
  public record Range(long start, long issued) {}

  /** No record settled yet (an absent set decodes empty). */
  static ShareOutcomes empty() {
    return of(new ShareRecords(null, null, null, null, null, 0));
  }

  /** A copy (its owner keeps changing these): the union of this one alone. */
  ShareOutcomes copy() {
    return union(List.of(this));
  }

  /** An injector's outcomes as its summary holds them ({@link #records}). */
  public static ShareOutcomes of(ShareRecords r) {
    return new ShareOutcomes(
        decode(r.accepted()),
        decode(r.acceptedTwice()),
        decode(r.rejected()),
        decode(r.archived()),
        decode(r.refused()));
  }

  /** For an injector's summary, with the records of other runs it saw. */
  public ShareRecords records(long otherRuns) {
    return new ShareRecords(
        encode(accepted),
        encode(acceptedTwice),
        encode(rejected),
        encode(archived),
        encode(refused),
        otherRuns);
  }

  /** Every injector's outcomes as one group's: unions, and accepted twice across injectors too. */
  public static ShareOutcomes union(List<ShareOutcomes> all) {
    ShareOutcomes u = empty();
    for (ShareOutcomes o : all) {
      u.acceptedTwice.or(Roaring64Bitmap.and(u.accepted, o.accepted));
      u.acceptedTwice.or(o.acceptedTwice);
      u.accepted.or(o.accepted);
      u.rejected.or(o.rejected);
      u.archived.or(o.archived);
      u.refused.or(o.refused);
    }
    return u;
  }

  /** The produced records (less KO'd ones) against these outcomes; {@code otherRuns} apart. */
  public ShareGroupResults.Reconciliation reconcile(
      List<Range> produced, KoLedger koLedger, long otherRuns) {
    long n = 0;
    long once = 0;
    long twice = 0;
    long rej = 0;
    long arch = 0;
    long missing = 0;
    List<Long> sample = new ArrayList<>();
    for (Range range : produced) {
      for (long seq = range.start(); seq < range.start() + range.issued(); seq++) {
        if (koLedger.contains(seq)) {
          continue;
        }
        n++;
        if (accepted.contains(seq)) {
          if (acceptedTwice.contains(seq)) {
            twice++;
          } else {
            once++;
          }
        } else if (rejected.contains(seq)) {
          rej++;
        } else if (archived.contains(seq)) {
          arch++;
        } else {
          missing++;
          if (sample.size() < MISSING_SAMPLE) {
            sample.add(seq);
          }
        }
      }
    }
    return new ShareGroupResults.Reconciliation(
        n,
        once,
        twice,
        rej,
        arch,
        missing,
        refused.getLongCardinality(),
        otherRuns,
        sample,
        missing == 0);
  }

  /** The reconciliation's verdict: null when nothing is missing, else what is. */
  public static String verdict(ShareGroupResults.Reconciliation r) {
    return r.ok()
        ? null
        : String.format(
            "%d of %d produced records missing (neither accepted, rejected nor archived;"
                + " first sequence numbers: %s)",
            r.missing(), r.produced(), r.missingSample());
  }

  private static String encode(Roaring64Bitmap b) {
    return Base64.getEncoder().encodeToString(KoLedger.portable(b));
  }

  private static Roaring64Bitmap decode(String base64) {
    if (base64 == null || base64.isEmpty()) {
      return new Roaring64Bitmap();
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "not a serialized set of share-group records: " + e.getMessage(), e);
    }
    return KoLedger.fromPortable(bytes, "set of share-group records");
  }
}
