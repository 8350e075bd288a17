package kafkaload.internal.semantic.txn;

import java.util.Map;

/**
 * An injector's transactional records, for the merge's reconciliation: acked records committed,
 * aborted and in failed transactions, the aborted ones' identities (a RoaringBitmap, base64, as the
 * KO'd records' {@code koSequences}), and per topic the acked records no reader is owed.
 */
public record TransactionRecords(
    long committed,
    long aborted,
    long inDoubt,
    String abortedSequences,
    Map<String, Long> notOwedByTopic) {}
