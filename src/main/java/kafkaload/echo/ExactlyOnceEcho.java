package kafkaload.echo;

import static kafkaload.echo.EchoService.LOG;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.client.Daemons;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One consume-transform-produce thread of the exactly-once echo: the replies of a transaction and
 * the consumed positions are committed together, or not at all. A failed transaction is aborted and
 * the consumer goes back to the group's committed offsets, so its records are processed again in
 * the next one.
 */
final class ExactlyOnceEcho implements ConsumerRebalanceListener {
  private final EchoService service;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final KafkaProducer<byte[], byte[]> producer;
  private final EchoService.Wiring wiring;
  private final long transactionMs;
  private boolean open;
  private long openedAt;

  /**
   * Partitions assigned since the last commit: their positions are committed even with no record,
   * so a restart with auto.offset.reset=latest never skips records written meanwhile.
   */
  private boolean positionsUncommitted = true;

  /**
   * Consumer thread {@code index}: its own transactional producer ({@code <group>-<index>}) and
   * read_committed consumer in the group, with {@code group.instance.id} {@code <group>-<index>}
   * too, so a restarted echo takes its predecessor's place in the group at once rather than after
   * the session timeout.
   */
  private ExactlyOnceEcho(
      EchoService service, EchoService.Wiring wiring, int index, long transactionMs) {
    this.service = service;
    this.wiring = wiring;
    this.transactionMs = transactionMs;
    String id = wiring.group() + "-" + index;
    Properties pp = wiring.connection().properties();
    pp.put("transactional.id", id);
    pp.put("enable.idempotence", "true");
    pp.put("acks", "all");
    pp.put("linger.ms", "1");
    pp.put("client.id", "kafkaload-echo-eos-" + index);
    // An echo that dies for good leaves its transaction open this long at most.
    pp.put("transaction.timeout.ms", "15000");
    this.producer = new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
    this.consumer =
        wiring.consumer(id, Map.of("group.instance.id", id, "isolation.level", "read_committed"));
  }

  /** The exactly-once threads of {@code s}, one per consumer. */
  static void start(EchoService s, EchoService.Wiring w, long transactionMs) {
    for (int i = 0; i < w.consumers(); i++) {
      ExactlyOnceEcho worker = new ExactlyOnceEcho(s, w, i, transactionMs);
      s.threads.add(Daemons.thread("kafkaload-echo-eos-" + i, worker::run));
      s.closers.add(() -> worker.producer.close(Duration.ofSeconds(5)));
    }
    LOG.info(
        "Echo service (exactly-once): group '{}' reads '{}' read_committed and replies on '{}' in "
            + "transactions of at most {} ms ({} consumers, transactional.id {}-0..{})",
        w.group(),
        w.requestTopic(),
        w.replyTopic(),
        transactionMs,
        w.consumers(),
        w.group(),
        w.consumers() - 1);
  }

  private void run() {
    try (consumer) {
      // Fences an earlier producer with this transactional.id and aborts what it left open.
      producer.initTransactions();
      consumer.subscribe(List.of(wiring.requestTopic()), this);
      while (service.running.get()) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(50));
        try {
          if (positionsUncommitted && !open) {
            commitFrom(records);
          }
          if (!records.isEmpty() || positionsUncommitted) {
            begin();
          }
          for (ConsumerRecord<byte[], byte[]> r : records) {
            producer.send(
                new ProducerRecord<>(
                    wiring.replyTopic(), null, r.timestamp(), r.key(), r.value(), r.headers()));
            service.echoed.incrementAndGet();
          }
          if (open && System.currentTimeMillis() - openedAt >= transactionMs) {
            commit();
          }
        } catch (ProducerFencedException
            | InvalidProducerEpochException
            | InvalidTxnStateException e) {
          // InvalidTxnStateException: how a fence shows when a commit crosses it (transaction v2)
          LOG.warn("Echo (exactly-once) fenced by a newer instance, stopping: {}", e.toString());
          return;
        } catch (KafkaException e) {
          abortAndRewind(e);
        }
      }
      commit();
    } catch (WakeupException | InterruptException e) {
      // closing
    } catch (RuntimeException e) {
      if (service.running.get()) {
        LOG.warn("Echo consumer (exactly-once) stopped: {}", e.toString());
      }
    }
  }

  /** Its consumer's rebalances: commits before a revocation. */
  @Override
  public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
    // The transaction's offsets belong to this generation: commit before it ends. If that fails,
    // the records go to the partitions' next owner from the committed offsets.
    try {
      commit();
    } catch (KafkaException e) {
      LOG.warn("Echo (exactly-once): commit on revocation failed: {}", e.toString());
      try {
        producer.abortTransaction();
      } catch (RuntimeException ignored) {
        // fenced or closing: the broker aborts it
      }
      open = false;
    }
  }

  /** Resolves positions on assignment, counts the consumer's first one. */
  @Override
  public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    positionsUncommitted = true;
    // Resolved now (latest when the group has no offset yet), so a record written after the
    // service said it is ready is never skipped.
    partitions.forEach(consumer::position);
    service.assigned.add(consumer);
  }

  private void begin() {
    if (!open) {
      producer.beginTransaction();
      open = true;
      openedAt = System.currentTimeMillis();
    }
  }

  /** Commits the open transaction with the positions reached: the next record to read. */
  private void commit() {
    if (open) {
      commitFrom(ConsumerRecords.empty());
    }
  }

  /**
   * Commits a transaction (begun if none is open) with each assigned partition's offset: its first
   * record in {@code records}, else its position. The position, not the last offset + 1: it is past
   * transaction markers, so a group that has read everything shows no lag. Before the first records
   * read from newly assigned partitions are echoed, this commits their start in a transaction of
   * its own: an echo killed in the middle of its first transaction leaves the group an offset, so
   * the next one (auto.offset.reset=latest) re-reads those records instead of skipping them.
   */
  private void commitFrom(ConsumerRecords<byte[], byte[]> records) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (TopicPartition tp : consumer.assignment()) {
      List<ConsumerRecord<byte[], byte[]>> read = records.records(tp);
      long start = read.isEmpty() ? consumer.position(tp) : read.get(0).offset();
      offsets.put(tp, new OffsetAndMetadata(start));
    }
    begin();
    producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
    producer.commitTransaction();
    open = false;
    positionsUncommitted = false;
  }

  private void abortAndRewind(RuntimeException cause) {
    LOG.warn("Echo (exactly-once): transaction aborted, reprocessing: {}", cause.toString());
    try {
      if (open) {
        producer.abortTransaction();
      }
    } catch (RuntimeException e) {
      LOG.warn("Echo (exactly-once): abort failed: {}", e.toString());
    }
    open = false;
    positionsUncommitted = true;
    for (var committed : consumer.committed(consumer.assignment()).entrySet()) {
      if (committed.getValue() != null) {
        consumer.seek(committed.getKey(), committed.getValue().offset());
      }
    }
  }
}
