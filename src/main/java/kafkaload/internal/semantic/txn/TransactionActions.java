package kafkaload.internal.semantic.txn;

import io.gatling.core.action.builder.ActionBuilder;
import kafkaload.internal.action.Actions;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.admin.Admin;

/** The transactional send as Gatling builds it: its checks first, then the action. */
public final class TransactionActions {
  private TransactionActions() {}

  /**
   * A transactional send, refused before any load when producer settings, a shared transactional.id
   * prefix, the transaction state topic or throttling would not let it run.
   */
  public static ActionBuilder transaction(TransactionSpec spec) {
    return Actions.named(
        spec.requestName(),
        (c, ctx, next) -> {
          KafkaLoadConfigException.refuseIf(
              ctx.throttled(),
              ("'%s': a transaction of %s record(s) cannot be throttled (throttle() counts one"
                      + " request per permit); set the rate with the injection profile instead")
                  .formatted(spec.requestName(), spec.records()));
          TransactionalProducers.checkProperties(
              spec.requestName(), c.protocol().producerProperties());
          TransactionalProducers.idPrefix(
              c.protocol().producerProperties().get("transactional.id"),
              c.protocol().injector(),
              null);
          try (Admin admin = c.connection().admin()) {
            TransactionPreflight.checkTransactionState(admin, c.connection().timeoutMs());
          }
          String topic =
              spec.send().topic() == null
                  ? c.protocol().oneTopic("Transaction '" + spec.requestName() + "'")
                  : null;
          TransactionSpec bound = spec.withSend(spec.send().resolved(topic).withSchemas(c));
          KafkaComponents started = c.start();
          TransactionResources.of(started).warm(spec.requestName());
          return new KafkaTransactionAction(bound, started, next);
        });
  }
}
