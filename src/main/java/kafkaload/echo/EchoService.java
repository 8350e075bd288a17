package kafkaload.echo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.*;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The system under test that ships with the project: a consumer group that reads a request topic
 * and writes each record to a reply topic with the same key, value, headers and timestamp (so
 * end-to-end latency runs from the request's production). An optional per-record delay makes it a
 * deliberately slow consumer.
 *
 * <p>In its exactly-once mode ({@link #startExactlyOnce}) it is a consume-transform-produce
 * pipeline as Kafka Streams runs one: it reads with {@code isolation.level=read_committed}, writes
 * the replies of each transaction together with the consumed offsets ({@code
 * sendOffsetsToTransaction(offsets, consumer.groupMetadata())}), and commits them at once; each
 * consumer thread's {@code transactional.id} is its group and index, the same after a restart, so a
 * restarted echo fences its predecessor and aborts the transaction it left open. {@link #main} runs
 * it as its own process, so a test can kill it mid-transaction.
 */
public final class EchoService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EchoService.class);

  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicBoolean closed = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();

  /** What {@link #close()} closes once the threads stopped: the exactly-once producers. */
  private final List<Runnable> closers = new ArrayList<>();

  private final AtomicLong echoed = new AtomicLong();
  private final java.util.concurrent.atomic.AtomicInteger assigned =
      new java.util.concurrent.atomic.AtomicInteger();
  private final KafkaProducer<byte[], byte[]> producer;

  /** What the service makes of a request's value: null echoes it as it is. */
  private final java.util.function.UnaryOperator<byte[]> transform;

  private EchoService(
      KafkaProducer<byte[], byte[]> producer, java.util.function.UnaryOperator<byte[]> transform) {
    this.producer = producer;
    this.transform = transform;
  }

  /**
   * Starts the echo service against the protocol's target (the embedded broker when none is set):
   * creates the request topic (the protocol's) and the reply topic as the plan says, and returns
   * once every consumer has its partitions, so no request sent after this returns is missed.
   */
  public static EchoService startFor(
      KafkaProtocolBuilder protocolBuilder,
      String replyTopic,
      String group,
      int consumers,
      long delayMs) {
    return startFor(protocolBuilder, replyTopic, group, consumers, delayMs, null);
  }

  /**
   * An echo service that speaks schemas: each request (Avro, Protobuf or JSON Schema in Confluent's
   * wire format) is decoded through the protocol's Schema Registry, and answered with the Protobuf
   * message {@code replyMessage} of {@code replyProto}, its fields copied from the request's fields
   * of the same name, and {@code status} set to "ACCEPTED" when the message has that field. The
   * reply's schema is registered under the reply topic's subject.
   */
  public static EchoService startWithSchemas(
      KafkaProtocolBuilder protocolBuilder,
      String replyTopic,
      String group,
      int consumers,
      String replyProto,
      String replyMessage) {
    KafkaProtocol protocol = (KafkaProtocol) protocolBuilder.protocol();
    SchemaContext schemas =
        SchemaContext.of(protocol.schemaRegistry(), new java.util.concurrent.atomic.LongAdder());
    RecordSchema reply = Schemas.load(SchemaFormat.PROTOBUF, replyProto, replyMessage);
    java.util.function.Function<Object, byte[]> writer = schemas.writer(reply, replyTopic, false);
    java.util.Set<String> fields = new java.util.HashSet<>();
    ((kafkaload.internal.schema.ProtobufSchema) reply)
        .descriptor()
        .getFields()
        .forEach(f -> fields.add(f.getName()));
    return startFor(
        protocolBuilder,
        replyTopic,
        group,
        consumers,
        0,
        value -> {
          com.fasterxml.jackson.databind.node.ObjectNode in;
          try {
            in =
                (com.fasterxml.jackson.databind.node.ObjectNode)
                    RecordSchema.JSON.readTree(schemas.decode(value).json());
          } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
          }
          in.retain(fields);
          if (fields.contains("status")) {
            in.put("status", "ACCEPTED");
          }
          return writer.apply(in);
        });
  }

  /**
   * The exactly-once echo against the protocol's target: creates the topics as {@link #startFor}
   * does, then runs {@code consumers} consume-transform-produce threads in {@code group}, each
   * committing its replies and consumed offsets in transactions of at most {@code transactionMs}
   * (with {@code transactional.id} {@code <group>-<index>}, stable across restarts); returns once
   * every consumer has its partitions.
   */
  public static EchoService startExactlyOnce(
      KafkaProtocolBuilder protocolBuilder,
      String replyTopic,
      String group,
      int consumers,
      long transactionMs) {
    if (transactionMs < 1) {
      throw new kafkaload.internal.config.KafkaLoadConfigException(
          "echo service: a transaction lasts at least 1 ms, not " + transactionMs);
    }
    return startFor(protocolBuilder, replyTopic, group, consumers, 0, null, transactionMs);
  }

  private static EchoService startFor(
      KafkaProtocolBuilder protocolBuilder,
      String replyTopic,
      String group,
      int consumers,
      long delayMs,
      java.util.function.UnaryOperator<byte[]> transform) {
    return startFor(protocolBuilder, replyTopic, group, consumers, delayMs, transform, 0);
  }

  /** {@code transactionMs} > 0: the exactly-once mode, with transactions of at most that long. */
  private static EchoService startFor(
      KafkaProtocolBuilder protocolBuilder,
      String replyTopic,
      String group,
      int consumers,
      long delayMs,
      java.util.function.UnaryOperator<byte[]> transform,
      long transactionMs) {
    KafkaProtocol protocol = (KafkaProtocol) protocolBuilder.protocol();
    Connection connection = protocol.connection();
    TopicPlan plan = protocol.topicPlan();
    // Both topics' checks before either is created: a refused reply topic leaves no request topic
    // behind.
    try (org.apache.kafka.clients.admin.Admin admin = connection.admin()) {
      Preflight.checkBootstrap(admin, connection);
      Preflight.checkPlan(admin, protocol.topic(), plan, connection.timeoutMs(), false);
      Preflight.checkPlan(admin, replyTopic, plan, connection.timeoutMs(), false);
    }
    Preflight.ensureTopic(connection, protocol.topic(), plan);
    Preflight.ensureTopic(connection, replyTopic, plan);
    EchoService s =
        transactionMs > 0
            ? startExactlyOnce(
                connection, group, protocol.topic(), replyTopic, consumers, transactionMs)
            : start(connection, group, protocol.topic(), replyTopic, consumers, delayMs, transform);
    long deadline = System.currentTimeMillis() + 30_000;
    while (s.assigned.get() < consumers && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (s.assigned.get() < consumers) {
      LOG.warn(
          "Echo service: only {} of {} consumers got partitions within 30 s",
          s.assigned.get(),
          consumers);
    }
    return s;
  }

  /**
   * Starts {@code consumers} threads, each with its own consumer in {@code group}, reading {@code
   * requestTopic}.
   *
   * @param connection where the echo clients connect, with the protocol's security settings
   * @param delayMs time spent "processing" each record, 0 for none
   */
  static EchoService start(
      Connection connection,
      String group,
      String requestTopic,
      String replyTopic,
      int consumers,
      long delayMs,
      java.util.function.UnaryOperator<byte[]> transform) {
    Properties pp = connection.properties();
    pp.put("linger.ms", "1");
    pp.put("client.id", "kafkaload-echo");
    KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
    EchoService s = new EchoService(producer, transform);
    for (int i = 0; i < consumers; i++) {
      Properties p = connection.properties();
      p.put("group.id", group);
      p.put("client.id", group + "-" + i);
      p.put("auto.offset.reset", "latest");
      p.put("enable.auto.commit", "false");
      p.put("max.poll.records", "500");
      KafkaConsumer<byte[], byte[]> consumer =
          new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
      consumer.subscribe(
          List.of(requestTopic),
          new org.apache.kafka.clients.consumer.ConsumerRebalanceListener() {
            private boolean counted;

            @Override
            public void onPartitionsRevoked(
                java.util.Collection<org.apache.kafka.common.TopicPartition> partitions) {}

            @Override
            public void onPartitionsAssigned(
                java.util.Collection<org.apache.kafka.common.TopicPartition> partitions) {
              if (!counted) {
                counted = true;
                s.assigned.incrementAndGet();
              }
            }
          });
      Thread t =
          new Thread(() -> s.loop(consumer, producer, replyTopic, delayMs), "kafkaload-echo-" + i);
      t.setDaemon(true);
      s.threads.add(t);
    }
    s.threads.forEach(Thread::start);
    LOG.info(
        "Echo service: group '{}' reads '{}' and replies on '{}' ({} consumers, {} ms per record)",
        group,
        requestTopic,
        replyTopic,
        consumers,
        delayMs);
    return s;
  }

  private void loop(
      KafkaConsumer<byte[], byte[]> consumer,
      KafkaProducer<byte[], byte[]> producer,
      String replyTopic,
      long delayMs) {
    try (consumer) {
      while (running.get()) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        for (ConsumerRecord<byte[], byte[]> r : records) {
          if (delayMs > 0) {
            Thread.sleep(delayMs);
          }
          byte[] value = r.value();
          if (transform != null) {
            try {
              value = transform.apply(value);
            } catch (RuntimeException e) {
              LOG.warn("Echo service: cannot answer a request: {}", e.toString());
              continue;
            }
          }
          producer.send(
              new ProducerRecord<>(replyTopic, null, r.timestamp(), r.key(), value, r.headers()));
          echoed.incrementAndGet();
          if (!running.get()) {
            break;
          }
        }
        if (!records.isEmpty()) {
          producer.flush();
          consumer.commitSync();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (org.apache.kafka.common.errors.WakeupException
        | org.apache.kafka.common.errors.InterruptException e) {
      // closing
    } catch (RuntimeException e) {
      if (running.get()) {
        LOG.warn("Echo consumer stopped: {}", e.toString());
      }
    }
  }

  /**
   * The exactly-once threads: each its own transactional producer ({@code <group>-<index>}) and
   * read_committed consumer in {@code group}, with {@code group.instance.id} {@code
   * <group>-<index>} too, so a restarted echo takes its predecessor's place in the group at once
   * rather than after the session timeout.
   */
  static EchoService startExactlyOnce(
      Connection connection,
      String group,
      String requestTopic,
      String replyTopic,
      int consumers,
      long transactionMs) {
    EchoService s = new EchoService(null, null);
    for (int i = 0; i < consumers; i++) {
      String id = group + "-" + i;
      Properties pp = connection.properties();
      pp.put("transactional.id", id);
      pp.put("enable.idempotence", "true");
      pp.put("acks", "all");
      pp.put("linger.ms", "1");
      pp.put("client.id", "kafkaload-echo-eos-" + i);
      // An echo that dies for good leaves its transaction open this long at most.
      pp.put("transaction.timeout.ms", "15000");
      KafkaProducer<byte[], byte[]> producer =
          new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
      Properties p = connection.properties();
      p.put("group.id", group);
      p.put("group.instance.id", id);
      p.put("client.id", id);
      p.put("isolation.level", "read_committed");
      p.put("auto.offset.reset", "latest");
      p.put("enable.auto.commit", "false");
      p.put("max.poll.records", "500");
      KafkaConsumer<byte[], byte[]> consumer =
          new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
      ExactlyOnce worker =
          new ExactlyOnce(s, consumer, producer, requestTopic, replyTopic, transactionMs);
      Thread t = new Thread(worker::run, "kafkaload-echo-eos-" + i);
      t.setDaemon(true);
      s.threads.add(t);
      s.closers.add(worker::close);
    }
    s.threads.forEach(Thread::start);
    LOG.info(
        "Echo service (exactly-once): group '{}' reads '{}' read_committed and replies on '{}' in "
            + "transactions of at most {} ms ({} consumers, transactional.id {}-0..{})",
        group,
        requestTopic,
        replyTopic,
        transactionMs,
        consumers,
        group,
        consumers - 1);
    return s;
  }

  /**
   * One consume-transform-produce thread: the replies of a transaction and the consumed positions
   * are committed together, or not at all. A failed transaction is aborted and the consumer goes
   * back to the group's committed offsets, so its records are processed again in the next one.
   */
  private static final class ExactlyOnce {
    private final EchoService service;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final KafkaProducer<byte[], byte[]> producer;
    private final String requestTopic;
    private final String replyTopic;
    private final long transactionMs;
    private boolean open;
    private long openedAt;

    /**
     * Partitions assigned since the last commit: their positions are committed even with no record,
     * so a restart with auto.offset.reset=latest never skips records written meanwhile.
     */
    private boolean positionsUncommitted = true;

    ExactlyOnce(
        EchoService service,
        KafkaConsumer<byte[], byte[]> consumer,
        KafkaProducer<byte[], byte[]> producer,
        String requestTopic,
        String replyTopic,
        long transactionMs) {
      this.service = service;
      this.consumer = consumer;
      this.producer = producer;
      this.requestTopic = requestTopic;
      this.replyTopic = replyTopic;
      this.transactionMs = transactionMs;
    }

    void run() {
      try (consumer) {
        // Fences an earlier producer with this transactional.id and aborts what it left open.
        producer.initTransactions();
        consumer.subscribe(
            List.of(requestTopic),
            new org.apache.kafka.clients.consumer.ConsumerRebalanceListener() {
              private boolean counted;

              @Override
              public void onPartitionsRevoked(
                  java.util.Collection<org.apache.kafka.common.TopicPartition> partitions) {
                // The transaction's offsets belong to this generation: commit before it ends. If
                // that fails, the records go to the partitions' next owner from the committed
                // offsets.
                try {
                  commit();
                } catch (org.apache.kafka.common.KafkaException e) {
                  LOG.warn("Echo (exactly-once): commit on revocation failed: {}", e.toString());
                  try {
                    producer.abortTransaction();
                  } catch (RuntimeException ignored) {
                    // fenced or closing: the broker aborts it
                  }
                  open = false;
                }
              }

              @Override
              public void onPartitionsAssigned(
                  java.util.Collection<org.apache.kafka.common.TopicPartition> partitions) {
                positionsUncommitted = true;
                // Resolved now (latest when the group has no offset yet), so a record written
                // after the service said it is ready is never skipped.
                partitions.forEach(consumer::position);
                if (!counted) {
                  counted = true;
                  service.assigned.incrementAndGet();
                }
              }
            });
        while (service.running.get()) {
          ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(50));
          try {
            if (!records.isEmpty() || positionsUncommitted) {
              begin();
            }
            for (ConsumerRecord<byte[], byte[]> r : records) {
              producer.send(
                  new ProducerRecord<>(
                      replyTopic, null, r.timestamp(), r.key(), r.value(), r.headers()));
              service.echoed.incrementAndGet();
            }
            if (open && System.currentTimeMillis() - openedAt >= transactionMs) {
              commit();
            }
          } catch (org.apache.kafka.common.errors.ProducerFencedException
              | org.apache.kafka.common.errors.InvalidProducerEpochException
              | org.apache.kafka.common.errors.InvalidTxnStateException e) {
            // InvalidTxnStateException: how a fence shows when a commit crosses it (transaction v2)
            LOG.warn("Echo (exactly-once) fenced by a newer instance, stopping: {}", e.toString());
            return;
          } catch (org.apache.kafka.common.KafkaException e) {
            abortAndRewind(e);
          }
        }
        commit();
      } catch (org.apache.kafka.common.errors.WakeupException
          | org.apache.kafka.common.errors.InterruptException e) {
        // closing
      } catch (RuntimeException e) {
        if (service.running.get()) {
          LOG.warn("Echo consumer (exactly-once) stopped: {}", e.toString());
        }
      }
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
      if (!open) {
        return;
      }
      java.util.Map<
              org.apache.kafka.common.TopicPartition,
              org.apache.kafka.clients.consumer.OffsetAndMetadata>
          offsets = new java.util.HashMap<>();
      for (org.apache.kafka.common.TopicPartition tp : consumer.assignment()) {
        // The position, not the last offset + 1: it is past transaction markers, so a group
        // that has read everything shows no lag.
        offsets.put(
            tp, new org.apache.kafka.clients.consumer.OffsetAndMetadata(consumer.position(tp)));
      }
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
      var committed = consumer.committed(consumer.assignment());
      committed.forEach(
          (tp, om) -> {
            if (om != null) {
              consumer.seek(tp, om.offset());
            }
          });
    }

    void close() {
      producer.close(Duration.ofSeconds(5));
    }
  }

  /**
   * Runs the echo service as its own process, for a test that kills it and starts it again: {@code
   * --bootstrap host:port --request-topic t --reply-topic r --group g [--consumers 4] [--partitions
   * 4] [--exactly-once] [--transaction-ms 100]}. Creates missing topics with that many partitions,
   * prints {@code kafkaload-echo ready} once every consumer has its partitions, and exits when its
   * standard input closes (its parent is gone) or on a signal.
   */
  public static void main(String[] args) throws Exception {
    java.util.Map<String, String> a = new java.util.HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--exactly-once")) {
        a.put("exactly-once", "true");
      } else if (args[i].startsWith("--") && i + 1 < args.length) {
        a.put(args[i].substring(2), args[++i]);
      } else {
        throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    for (String required : List.of("bootstrap", "request-topic", "reply-topic", "group")) {
      if (!a.containsKey(required)) {
        throw new IllegalArgumentException("missing --" + required);
      }
    }
    int consumers = Integer.parseInt(a.getOrDefault("consumers", "4"));
    KafkaProtocolBuilder protocol =
        new KafkaProtocolBuilder()
            .bootstrapServers(a.get("bootstrap"))
            .topic(a.get("request-topic"))
            .createTopic(Integer.parseInt(a.getOrDefault("partitions", "4")), 1);
    EchoService echo =
        a.containsKey("exactly-once")
            ? startExactlyOnce(
                protocol,
                a.get("reply-topic"),
                a.get("group"),
                consumers,
                Long.parseLong(a.getOrDefault("transaction-ms", "100")))
            : startFor(protocol, a.get("reply-topic"), a.get("group"), consumers, 0);
    Runtime.getRuntime().addShutdownHook(new Thread(echo::close));
    System.out.println("kafkaload-echo ready");
    System.out.flush();
    while (System.in.read() >= 0) {
      // the parent holds stdin open while it wants this process
    }
    echo.close();
  }

  /** How many records the service has written to the reply topic so far. */
  public long echoed() {
    return echoed.get();
  }

  /** Stops the consumers (waiting up to 5 s for each thread), then closes the producer. */
  @Override
  public void close() {
    // Once: a process closes it on end of input and again from its shutdown hook.
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    running.set(false);
    for (Thread t : threads) {
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    closers.forEach(Runnable::run);
    if (producer != null) {
      producer.close(Duration.ofSeconds(5));
    }
  }
}
