package kafkaload.internal.semantic.share;

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
    // The records owed (each range less the KO'd ones), then what became of them: accepted (once
    // or twice), else rejected, else archived, else missing.
    Roaring64Bitmap owed = new Roaring64Bitmap();
    produced.stream()
        .filter(r -> r.issued() > 0)
        .forEach(r -> owed.addRange(r.start(), r.start() + r.issued()));
    owed.andNot(KoLedger.fromPortable(koLedger.serialized(), "KO ledger"));
    Roaring64Bitmap acceptedOwed = Roaring64Bitmap.and(owed, accepted);
    long twice = Roaring64Bitmap.and(acceptedOwed, acceptedTwice).getLongCardinality();
    Roaring64Bitmap left = Roaring64Bitmap.andNot(owed, accepted);
    long rejectedOwed = Roaring64Bitmap.and(left, rejected).getLongCardinality();
    left.andNot(rejected);
    long archivedOwed = Roaring64Bitmap.and(left, archived).getLongCardinality();
    left.andNot(archived);
    long missing = left.getLongCardinality();
    return new ShareGroupResults.Reconciliation(
        owed.getLongCardinality(),
        acceptedOwed.getLongCardinality() - twice,
        twice,
        rejectedOwed,
        archivedOwed,
        missing,
        refused.getLongCardinality(),
        otherRuns,
        left.stream().limit(MISSING_SAMPLE).boxed().toList(),
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
