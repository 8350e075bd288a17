package kafkaload.internal.semantic.share;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;

/**
 * Before the load: a throwaway share group (from latest, reading nothing of the run) until it has
 * partitions, then deleted; a broker's first share group creates its state, which takes seconds and
 * would otherwise read as end-to-end latency.
 */
final class ShareWarmUp {
  private ShareWarmUp() {}

  /** Bounded by 30 s; returns the time it took, in ms. */
  static long warmUp(KafkaComponents c, String topic, String group) {
    long t0 = System.nanoTime();
    // Each injector of a distributed run warms its own (the run's group is shared by all of them).
    InjectorShare injector = c.ledger().injector();
    String warm = group + "-warmup" + (injector.distributed() ? "-i" + injector.index() : "");
    try (Admin admin = c.connection().admin()) {
      try (KafkaShareConsumer<byte[], byte[]> consumer =
          ConsumerFactory.of(c.connection(), "kafkaload-share-warmup").createShare(warm)) {
        consumer.subscribe(List.of(topic));
        while (System.nanoTime() - t0 < 30_000_000_000L) {
          consumer.poll(Duration.ofMillis(200));
          try {
            var d =
                admin
                    .describeShareGroups(List.of(warm))
                    .describedGroups()
                    .get(warm)
                    .get(5, TimeUnit.SECONDS);
            if (d.members().stream().anyMatch(m -> !m.assignment().topicPartitions().isEmpty())) {
              break;
            }
          } catch (Exception notYet) {
            // the group is not known yet: poll on
          }
        }
      }
      try {
        admin.deleteShareGroups(List.of(warm)).all().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // a leftover empty group is harmless; it expires with the broker's group retention
      }
    }
    return (System.nanoTime() - t0) / 1_000_000;
  }
}
