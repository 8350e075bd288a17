package kafkaload.internal.semantic.share;

/**
 * One injector's settled records by identity for the merge (a record may be accepted on another
 * injector): accepted, twice, rejected, archived, refused, each a base64 RoaringBitmap, and other
 * runs' records seen.
 */
public record ShareRecords(
    String accepted,
    String acceptedTwice,
    String rejected,
    String archived,
    String refused,
    long otherRuns) {}
