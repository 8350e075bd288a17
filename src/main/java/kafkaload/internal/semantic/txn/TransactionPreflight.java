package kafkaload.internal.semantic.txn;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.internals.Topic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Before the load: the broker's transaction state topic can be created and committed to. */
public final class TransactionPreflight {
  private static final Logger LOG = LoggerFactory.getLogger(TransactionPreflight.class);

  private TransactionPreflight() {}

  static final String TXN_RF = "transaction.state.log.replication.factor";
  static final String TXN_MIN_ISR = "transaction.state.log.min.isr";

  /**
   * Transactions need {@code __transaction_state}: a replication factor above the brokers makes
   * every initTransactions time out, a min.insync.replicas above them (or its in-sync replicas)
   * fails every commit. Fails naming the setting; creates nothing.
   */
  public static void checkTransactionState(Admin admin, long timeoutMs) {
    try {
      OffsetQueries.BrokerConfigs broker = OffsetQueries.anyBrokerConfigs(admin, timeoutMs);
      Config c = broker.config();
      OptionalLong shownRf = Preflight.shown(c, TXN_RF),
          shownMinIsr = Preflight.shown(c, TXN_MIN_ISR);
      if (shownRf.isEmpty() || shownMinIsr.isEmpty()) {
        LOG.warn(
            "Preflight: the broker does not show {} and {}: the transaction state topic not checked",
            TXN_RF,
            TXN_MIN_ISR);
        return;
      }
      int rf = (int) shownRf.getAsLong(), minIsr = (int) shownMinIsr.getAsLong();
      Optional<String> refusal = transactionStateRefusal(broker.brokers(), rf, minIsr);
      if (refusal.isEmpty()) {
        // The first partition of the state topic with too few in-sync replicas, if any.
        refusal =
            OffsetQueries.described(admin, Topic.TRANSACTION_STATE_TOPIC_NAME, timeoutMs).stream()
                .flatMap(d -> d.partitions().stream())
                .filter(p -> p.isr().size() < minIsr)
                .findFirst()
                .map(
                    p ->
                        String.format(
                            "%s partition %s has %s in-sync replica(s) %s, fewer than %s=%s: "
                                + "transactions using it cannot commit",
                            Topic.TRANSACTION_STATE_TOPIC_NAME,
                            p.partition(),
                            p.isr().size(),
                            Preflight.ids(p.isr()),
                            TXN_MIN_ISR,
                            minIsr));
      }
      if (refusal.isPresent()) {
        throw new KafkaLoadConfigException(
            "Transactions cannot run on this cluster: " + refusal.get());
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new KafkaLoadConfigException(
          "Cannot read the broker's transaction settings (%s, %s): %s"
              .formatted(TXN_RF, TXN_MIN_ISR, Preflight.rootMessage(e)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException("Interrupted while reading the transaction settings");
    }
  }

  /** Why {@code brokers} brokers cannot run transactions with these settings, or empty. */
  public static Optional<String> transactionStateRefusal(int brokers, int rf, int minIsr) {
    if (rf > brokers) {
      return Optional.of(
          String.format(
              "%s=%s but the cluster has %s broker(s): %s cannot be created, so every "
                  + "initTransactions would time out. Lower %s or add brokers",
              TXN_RF, rf, brokers, Topic.TRANSACTION_STATE_TOPIC_NAME, TXN_RF));
    }
    if (minIsr > rf || minIsr > brokers) {
      return Optional.of(
          "%s=%s above %s: every transaction's commit would fail (NotEnoughReplicas). Lower %s"
              .formatted(
                  TXN_MIN_ISR,
                  minIsr,
                  minIsr > rf ? TXN_RF + "=" + rf : "the " + brokers + " broker(s)",
                  TXN_MIN_ISR));
    }
    return Optional.empty();
  }
}
