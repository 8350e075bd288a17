package kafkaload.internal.semantic.txn;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaComponents;

/** Transactions' producers and threads (their calls block: never Gatling's event loop). */
record TransactionResources(TransactionalProducers producers, ExecutorService threads)
    implements AutoCloseable {

  /** The protocol's transaction resources, made on first use; ids per run and injector. */
  static TransactionResources of(KafkaComponents c) {
    return c.resource(
        TransactionResources.class,
        () ->
            new TransactionResources(
                new TransactionalProducers(
                    c.connection(),
                    TransactionalProducers.idPrefix(
                        c.protocol().producerProperties().get("transactional.id"),
                        c.protocol().injector(),
                        c.ledger().identity() == null ? null : c.ledger().identity().runId())),
                newThreads()));
  }

  private static ExecutorService newThreads() {
    AtomicInteger n = new AtomicInteger();
    return Executors.newCachedThreadPool(
        r -> Daemons.thread("kafkaload-transaction-" + n.incrementAndGet(), r));
  }

  /**
   * Before the load: one transactional producer made and initialised, so the first transaction is
   * not timed with the state topic's creation, and a coordinator that cannot answer refuses the
   * run, naming why.
   */
  synchronized void warm(String requestName) {
    if (producers.created() > 0) {
      return;
    }
    try {
      producers.release(producers.take());
    } catch (RuntimeException e) {
      throw new KafkaLoadConfigException(
          String.format(
              "'%s': no transactional producer could start (initTransactions, "
                  + "transactional.id %s-0): %s: %s",
              requestName, producers.idPrefix(), e.getClass().getSimpleName(), e.getMessage()),
          e);
    }
  }

  @Override
  public void close() {
    threads.shutdownNow();
    producers.close();
  }
}
