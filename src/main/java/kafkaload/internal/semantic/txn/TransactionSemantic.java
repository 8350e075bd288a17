package kafkaload.internal.semantic.txn;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.Base64;
import java.util.Map;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * Transactions ({@code transactions} in a protocol's results): per request, commits, aborts,
 * failures, latency, size, duration; an injector leaves the merge its records' fate, which stays in
 * the {@link DeliveryLedger}.
 */
public final class TransactionSemantic
    extends CountedSemantic<Map<String, TransactionFigures>, TransactionCounters> {
  public static final SectionType<Map<String, TransactionFigures>> SECTION =
      new SectionType<>("transactions", new TypeReference<>() {});

  /** What an injector leaves the merge, under the same name in its {@code distributed} part. */
  public static final SectionType<TransactionRecords> RECORDS =
      new SectionType<>("transactions", new TypeReference<>() {});

  public TransactionSemantic() {
    super(SECTION, TransactionCounters.class, TransactionCounters::figures);
  }

  @Override
  public TransactionRecords injectorRecords(RunLedger ledger) {
    DeliveryLedger d = ledger.delivery();
    DeliveryLedger.Snapshot s = d.snapshot();
    if (s.committed() + s.aborted() + s.inDoubt() == 0) {
      return null;
    }
    return new TransactionRecords(
        s.committed(),
        s.aborted(),
        s.inDoubt(),
        Base64.getEncoder().encodeToString(d.abortedLedger().serialized()),
        d.notOwedByTopic());
  }

  @Override
  public void intoMergedLedger(ProtocolResults.Distributed injector, RunLedger merged) {
    TransactionRecords tx = injector.section(RECORDS);
    if (tx != null) {
      merged
          .delivery()
          .transactionsElsewhere(
              tx.committed(),
              tx.aborted(),
              tx.inDoubt(),
              Base64.getDecoder().decode(tx.abortedSequences()),
              tx.notOwedByTopic());
    }
  }

  @Override
  public SectionType<?> injectorSection() {
    return RECORDS;
  }
}
