package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.admin;
import static kafkaload.it.KafkaTestSupport.bootstrap;
import static kafkaload.it.KafkaTestSupport.createTopic;
import static kafkaload.it.KafkaTestSupport.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.report.ReconciliationPrinter;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.verification.Reconciliation;
import kafkaload.internal.verification.ReconciliationVerdict;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The merge's reconciliation of a run whose injector 1 of 3 died, driven directly against the
 * embedded broker (the merge's ledger, no Gatling JVMs): the dead injector's records in the topic
 * are counted for it, by sequence space, and never as delivered, so they neither hide a survivor's
 * lost record nor count as duplicates.
 */
class DeadInjectorReconciliationIT {
  @Test
  void aDeadInjectorsRecordsAreCountedForItAloneAndHideNoLoss() throws Exception {
    String topic = uniqueTopic("dead-injector");
    createTopic(topic, 4);
    RunIdentity identity = new RunIdentity("dead-" + UUID.randomUUID());
    long space = 1L << InjectorShare.SEQUENCE_BITS;
    List<Long> starts = List.of(0L, space, 2 * space);
    RunLedger ledger;
    try (Admin admin = admin()) {
      ledger =
          RunLedger.merged(
              identity,
              Map.of(topic, OffsetQueries.offsets(admin, topic, 10_000).orElseThrow()),
              starts,
              List.of(space));
    }
    // Injectors 0 and 2 acked 50 records each (as their summaries say); injector 1 wrote 30 and
    // died.
    int[] written = {50, 30, 50};
    try (KafkaProducer<byte[], byte[]> p =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", bootstrap()),
            new ByteArraySerializer(),
            new ByteArraySerializer())) {
      for (int injector = 0; injector < 3; injector++) {
        for (int i = 0; i < written[injector]; i++) {
          long seq = starts.get(injector) + i;
          ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, i % 4, null, new byte[10]);
          r.headers().add(RunIdentity.RUN_HEADER, identity.runIdBytes());
          r.headers().add(RunIdentity.SEQ_HEADER, RunIdentity.userSequence(injector, seq));
          RecordMetadata m = p.send(r).get();
          if (injector != 1) {
            ledger.delivery().ackedElsewhere(topic, m.partition(), 1, 10);
          }
        }
      }
    }
    // One record injector 2 acked is gone (its summary says 51): the dead injector's 30 must not
    // hide it.
    ledger.delivery().ackedElsewhere(topic, 0, 1, 10);

    Reconciled.Result r =
        Reconciliation.run(
            Reconciliation.Request.of(new Connection(bootstrap(), Map.of(), 10_000), ledger, topic)
                .withReadBack(true, Duration.ofSeconds(60)));
    ReconciliationResult.ReadBack rb = r.readBack();
    assertTrue(rb.complete(), r.toString());
    assertEquals(Map.of(0, 50L, 1, 30L, 2, 50L), rb.found().foundByInjector());
    assertEquals(List.of(1), rb.found().unreportedInjectors());
    assertEquals(30, rb.found().foundUnreported());
    assertEquals(130, rb.counts().distinct(), "every record of the run in the topic");
    assertEquals(101, r.ackedOk());
    assertEquals(100, r.topics().get(0).delivered(), "the survivors' records only");
    assertEquals(
        rb.counts().distinct() - r.topics().get(0).delivered(),
        rb.found().foundUnreported(),
        "found for the dead injector = the run's records in the topic - the survivors' delivered");
    assertEquals(1, r.lost(), "the survivors' lost record is not hidden by the dead injector's");
    assertEquals(0, r.duplicates());
    assertTrue(ReconciliationVerdict.lost(r, 0, 60).startsWith("1 acked records missing"));
    assertTrue(
        ReconciliationPrinter.format(r)
            .contains(
                "found in the topic per injector (sequence space): 0: 50, "
                    + "1: 30 (DIED: reported nothing, none counted as delivered), 2: 50"),
        ReconciliationPrinter.format(r));
  }
}
