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
 */
public final class EchoService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EchoService.class);

  private final AtomicBoolean running = new AtomicBoolean(true);
  private final List<Thread> threads = new ArrayList<>();
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
    KafkaProtocol protocol = protocolBuilder.protocol();
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

  private static EchoService startFor(
      KafkaProtocolBuilder protocolBuilder,
      String replyTopic,
      String group,
      int consumers,
      long delayMs,
      java.util.function.UnaryOperator<byte[]> transform) {
    KafkaProtocol protocol = protocolBuilder.protocol();
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
        start(connection, group, protocol.topic(), replyTopic, consumers, delayMs, transform);
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

  /** How many records the service has written to the reply topic so far. */
  public long echoed() {
    return echoed.get();
  }

  /** Stops the consumers (waiting up to 5 s for each thread), then closes the producer. */
  @Override
  public void close() {
    running.set(false);
    for (Thread t : threads) {
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    producer.close(Duration.ofSeconds(5));
  }
}
