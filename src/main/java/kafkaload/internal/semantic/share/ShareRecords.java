package kafkaload.internal.semantic.share;

/**
 * What one injector's share consumers settled, by run identity, for the merge's reconciliation over
 * every injector's records (a record produced by one injector may be accepted on another): the
 * sequence numbers accepted, accepted twice, rejected, archived, and whose acknowledgement the
 * broker refused (each a RoaringBitmap, base64, as {@code koSequences}), and the records of other
 * runs it saw.
 */
public record ShareRecords(
    String accepted,
    String acceptedTwice,
    String rejected,
    String archived,
    String refused,
    long otherRuns) {}
