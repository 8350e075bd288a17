package kafkaload.internal.semantic.txn;

import java.util.Map;

/** An injector's transactional records for the merge's reconciliation. */
public record TransactionRecords(
    long committed,
    long aborted,
    long inDoubt,
    String abortedSequences,
    Map<String, Long> notOwedByTopic) {}
