package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.admin;
import static kafkaload.it.KafkaTestSupport.bootstrap;
import static kafkaload.it.KafkaTestSupport.createTopic;
import static kafkaload.it.KafkaTestSupport.endOffsetSum;
import static kafkaload.it.KafkaTestSupport.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.verification.Reconciliation;
import kafkaload.internal.verification.ReconciliationVerdict;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The reconciliation against transactions on the embedded broker, driven directly (no Gatling child
 * JVM): commit markers are offsets, not records, so never duplicates; a transaction left open is
 * named with its producer id long before the read-back's timeout instead of holding it.
 */
class TransactionReconciliationIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private static Connection connection() {
    return new Connection(bootstrap(), Map.of(), 10_000);
  }

  /**
   * A ledger whose baseline is the topic's end offsets now, as a run takes it before its first
   * record.
   */
  private static RunLedger ledger(String topic) {
    try (Admin admin = admin()) {
      return RunLedger.merged(
          new RunIdentity("tx-" + UUID.randomUUID()),
          Map.of(topic, OffsetQueries.offsets(admin, topic, 10_000).orElseThrow()),
          List.of(0L),
          List.of());
    }
  }

  /**
   * Until every partition's last stable offset is its high-water mark (10 s at most): no
   * transaction open, every commit marker written.
   */
  private static void awaitNoOpenTransaction(String topic) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    try (Admin admin = admin()) {
      while (true) {
        Map<TopicPartition, Long> hw = new HashMap<>();
        OffsetQueries.endOffsets(admin, topic, 10_000)
            .forEach((p, offset) -> hw.put(new TopicPartition(topic, p), offset));
        Map<TopicPartition, Long> lso = OffsetQueries.lastStableOffsets(admin, hw.keySet(), 10_000);
        if (lso.equals(hw)) {
          return;
        }
        assertTrue(System.nanoTime() < deadline, "last stable offsets " + lso + " below " + hw);
        Thread.sleep(50);
      }
    }
  }

  private static KafkaProducer<byte[], byte[]> transactional(String id) {
    KafkaProducer<byte[], byte[]> p =
        new KafkaProducer<>(
            Map.of(
                "bootstrap.servers",
                bootstrap(),
                "transactional.id",
                id,
                "transaction.timeout.ms",
                60_000),
            new ByteArraySerializer(),
            new ByteArraySerializer());
    p.initTransactions();
    return p;
  }

  /**
   * One record of the run, stamped with its identity, counted in the ledger as it is sent and
   * acked.
   */
  private static void send(
      KafkaProducer<byte[], byte[]> producer, RunLedger ledger, String topic, int partition) {
    long seq = ledger.nextSequence();
    ProducerRecord<byte[], byte[]> r =
        new ProducerRecord<>(topic, partition, null, ("v" + seq).getBytes());
    r.headers().add(RunIdentity.RUN_HEADER, ledger.identity().runIdBytes());
    r.headers().add(RunIdentity.SEQ_HEADER, RunIdentity.userSequence(1, seq));
    DeliveryLedger delivery = ledger.delivery();
    delivery.sent();
    producer.send(
        r,
        (m, e) -> {
          if (e == null) {
            delivery.acked(
                null, topic, m.partition(), m.serializedValueSize(), System.currentTimeMillis(), 0);
          } else {
            delivery.failed(seq, true);
          }
        });
  }

  @Test
  void committedRecordsAndTheirMarkersAreNotDuplicates() throws Exception {
    String topic = uniqueTopic("tx-commit");
    createTopic(topic, 4);
    RunLedger ledger = ledger(topic);
    int transactions = 5;
    int perTransaction = 40;
    try (KafkaProducer<byte[], byte[]> p = transactional("tx-" + topic)) {
      for (int t = 0; t < transactions; t++) {
        p.beginTransaction();
        for (int i = 0; i < perTransaction; i++) {
          send(p, ledger, topic, i % 4);
        }
        p.commitTransaction();
        ledger.delivery().committed(perTransaction);
      }
    }
    long records = transactions * perTransaction;
    // Each commit writes one marker on each of the 4 partitions its transaction touched, after
    // commitTransaction() returned (Kafka 4's transactions v2).
    awaitNoOpenTransaction(topic);
    long markers = transactions * 4;
    assertEquals(
        records + markers, endOffsetSum(topic), "the topic's offsets: records and commit markers");

    Reconciled.Result r =
        Reconciliation.run(
            Reconciliation.Request.of(connection(), ledger, topic).withReadBack(true, TIMEOUT));
    assertEquals(records, r.ackedOk());
    assertEquals(records + markers, r.offsetDelta());
    assertTrue(r.readBack().complete(), r.toString());
    assertEquals("read_committed", r.readBack().isolationLevel());
    assertEquals(records, r.readBack().counts().distinct());
    assertEquals(0, r.duplicates(), "markers are offsets, not copies of records: " + r);
    assertEquals(0, r.lost(), r.toString());
    assertEquals(
        markers,
        r.unaccountedUpperBound(),
        "the offsets' bound counts the markers, and says it is a bound");
    assertEquals(List.of(), r.stuck());
    assertNull(ReconciliationVerdict.duplicates(r, 0.0));
    assertNull(ReconciliationVerdict.lost(r, 0, TIMEOUT.toSeconds()));
    assertEquals(
        Map.of(topic, new DeliveryLedger.Found(records, 0)),
        ledger.delivery().found(),
        "found in the topic: counted once, in the delivery ledger");
    assertEquals(records, ledger.delivery().snapshot().committed());

    // Offsets alone cannot tell markers from duplicates: the same figure, named an upper bound, not
    // identities.
    Reconciled.Result offsetsOnly =
        Reconciliation.run(
            Reconciliation.Request.of(connection(), ledger, topic).withReadBack(false, TIMEOUT));
    assertNull(offsetsOnly.readBack());
    assertFalse(offsetsOnly.topics().get(0).duplicatesByIdentity());
    assertEquals(markers, offsetsOnly.duplicates());
    assertEquals(markers, offsetsOnly.unaccountedUpperBound());
  }

  @Test
  void aHangingTransactionIsNamedWithItsProducerIdBeforeTheTimeout() throws Exception {
    String topic = uniqueTopic("tx-hang");
    createTopic(topic, 2);
    RunLedger ledger = ledger(topic);
    String hangingId = "tx-hanging-" + topic;
    try (KafkaProducer<byte[], byte[]> committed = transactional("tx-" + topic);
        KafkaProducer<byte[], byte[]> hanging = transactional(hangingId)) {
      committed.beginTransaction();
      for (int i = 0; i < 10; i++) {
        send(committed, ledger, topic, i % 2);
      }
      committed.commitTransaction();
      // commitTransaction() returns before the coordinator has written every marker (Kafka 4's
      // transactions v2): wait for its markers, or the one on partition 1 lands after the hanging
      // transaction's first record and the gap below counts it.
      awaitNoOpenTransaction(topic);
      // Begin, send, never commit; the producer stays open, so the transaction stays open on
      // partition 1.
      hanging.beginTransaction();
      for (int i = 0; i < 3; i++) {
        send(hanging, ledger, topic, 1);
      }
      hanging.flush();
      long producerId;
      try (Admin admin = admin()) {
        producerId =
            admin
                .describeTransactions(List.of(hangingId))
                .description(hangingId)
                .get(10, TimeUnit.SECONDS)
                .producerId();
      }

      long t0 = System.nanoTime();
      Reconciled.Result r =
          Reconciliation.run(
              Reconciliation.Request.of(connection(), ledger, topic).withReadBack(true, TIMEOUT));
      double seconds = (System.nanoTime() - t0) / 1e9;
      // Named after the read-back's bounded wait for a stuck offset (10 s), not at its timeout.
      assertTrue(
          seconds >= 10 && seconds < TIMEOUT.toSeconds(),
          "named after a bounded wait, not the timeout: " + seconds + " s");
      assertEquals(1, r.stuck().size(), r.toString());
      ReconciliationResult.StuckOffset stuck = r.stuck().get(0);
      assertEquals(topic, stuck.topic());
      assertEquals(1, stuck.partition());
      assertEquals(
          Map.of(producerId, stuck.lastStableOffset()),
          stuck.openTransactions(),
          "the open transaction starts where the last stable offset stopped");
      assertEquals(stuck.lastStableOffset() + 3, stuck.highWatermark());
      assertFalse(r.readBack().complete(), "records past the stuck offset could not be read");
      assertEquals(10, r.readBack().counts().distinct(), "the committed records were read");
      String verdict = ReconciliationVerdict.lost(r, 0, TIMEOUT.toSeconds());
      assertNotNull(verdict);
      assertTrue(
          verdict.contains(topic + "-1: last stable offset " + stuck.lastStableOffset())
              && verdict.contains("producer id(s) " + producerId),
          verdict);
      hanging.abortTransaction();
    }
  }

  /**
   * As a transactional send notes them: each acked record of an aborted transaction by identity,
   * and the transaction's size.
   */
  private static void abortedInLedger(RunLedger ledger, String topic, long firstSeq, int n) {
    for (int i = 0; i < n; i++) {
      ledger.delivery().abortedRecord(topic, firstSeq + i);
    }
    ledger.delivery().aborted(n);
  }

  @Test
  void abortedRecordsAreInvisibleToReadCommittedNotLostAndCountedExactlyReadUncommitted()
      throws Exception {
    String topic = uniqueTopic("tx-abort");
    createTopic(topic, 2);
    RunLedger ledger = ledger(topic);
    int perTransaction = 10;
    int committed = 0;
    int aborted = 0;
    try (KafkaProducer<byte[], byte[]> p = transactional("tx-" + topic)) {
      for (int t = 0; t < 5; t++) {
        long first = ledger.sequencesIssued();
        p.beginTransaction();
        for (int i = 0; i < perTransaction; i++) {
          send(p, ledger, topic, i % 2);
        }
        if (t % 2 == 1) {
          p.flush();
          p.abortTransaction();
          abortedInLedger(ledger, topic, first, perTransaction);
          aborted += perTransaction;
        } else {
          p.commitTransaction();
          ledger.delivery().committed(perTransaction);
          committed += perTransaction;
        }
      }
    }
    Reconciled.Result rc =
        Reconciliation.run(
            Reconciliation.Request.of(connection(), ledger, topic)
                .withReading(
                    new Reconciliation.Reading(
                        true, TIMEOUT, IsolationLevel.READ_COMMITTED, Duration.ofSeconds(5))));
    assertEquals(committed + aborted, rc.ackedOk());
    assertEquals(committed, rc.readBack().counts().distinct(), rc.toString());
    assertEquals(0, rc.readBack().abortedFound(), "aborted records are invisible read_committed");
    assertEquals(0, rc.lost(), "aborted records are owed to no reader: " + rc);
    assertEquals(new Reconciled.Transactions(committed, aborted, 0), rc.transactions());
    assertNull(ReconciliationVerdict.lost(rc, 0, TIMEOUT.toSeconds()));

    Reconciled.Result ru =
        Reconciliation.run(
            Reconciliation.Request.of(connection(), ledger, topic)
                .withReading(
                    new Reconciliation.Reading(
                        true, TIMEOUT, IsolationLevel.READ_UNCOMMITTED, Duration.ofSeconds(5))));
    assertEquals(committed + aborted, ru.readBack().counts().distinct(), ru.toString());
    assertEquals(aborted, ru.readBack().abortedFound(), "every aborted record is in the log");
    assertEquals(0, ru.readBack().abortedVisible(), "expected when reading uncommitted");
    assertEquals(0, ru.lost(), ru.toString());
    assertEquals(0, ru.duplicates(), "aborted copies are not duplicates: " + ru);

    // A run whose ledger says committed records were aborted: read_committed sees them, and the
    // verdict says isolation broke.
    abortedInLedger(ledger, topic, 0, 3);
    Reconciled.Result lie =
        Reconciliation.run(
            Reconciliation.Request.of(connection(), ledger, topic).withReadBack(true, TIMEOUT));
    assertEquals(3, lie.readBack().abortedVisible(), lie.toString());
    String verdict = ReconciliationVerdict.lost(lie, 0, TIMEOUT.toSeconds());
    assertNotNull(verdict);
    assertTrue(verdict.startsWith("3 records of aborted transactions visible"), verdict);
  }
}
