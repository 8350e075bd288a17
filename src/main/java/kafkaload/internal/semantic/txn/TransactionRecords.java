package kafkaload.internal.semantic.txn;

import java.util.Map;

/**
 * An injector's transactional records for the merge: committed, aborted, failed counts, aborted
 * identities (base64 RoaringBitmap), per topic the records not owed.
 */
public record TransactionRecords(
    long committed,
    long aborted,
    long inDoubt,
    String abortedSequences,
    Map<String, Long> notOwedByTopic) {}
