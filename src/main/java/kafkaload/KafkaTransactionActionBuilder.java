package kafkaload;

import io.gatling.javaapi.core.Session;
import java.util.function.Function;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.semantic.txn.TransactionActions;
import kafkaload.internal.semantic.txn.TransactionSpec;

/**
 * {@code kafka("order txn").send(key, value).transaction(10)}: each time a user runs it, one
 * transaction of 10 records, then its commit. Each record's ack latency is timed under the
 * request's name; the commit is a request of its own, {@code "order txn commit"}, and so is an
 * abort, {@code "order txn abort"}. Aborts are asked for with {@link #abortEvery}, {@link
 * #abortProbability} or {@link #abortIf}. Every call returns a new builder.
 */
public final class KafkaTransactionActionBuilder extends SpecStep {
  private final TransactionSpec spec;

  KafkaTransactionActionBuilder(TransactionSpec spec) {
    super(() -> TransactionActions.transaction(spec));
    this.spec = spec;
  }

  /** Aborts every {@code k}-th transaction of this request (counted over all its users). */
  public KafkaTransactionActionBuilder abortEvery(int k) {
    return new KafkaTransactionActionBuilder(spec.withAbortEvery(k));
  }

  /** Aborts each transaction with probability {@code p} (0 to 1). */
  public KafkaTransactionActionBuilder abortProbability(double p) {
    return new KafkaTransactionActionBuilder(spec.withAbortProbability(p));
  }

  /**
   * Aborts the transaction when this function returns true for the session (evaluated once per
   * transaction, before it begins).
   */
  public KafkaTransactionActionBuilder abortIf(Function<Session, Boolean> f) {
    return new KafkaTransactionActionBuilder(spec.withAbortIf(SessionValue.of(f)));
  }
}
