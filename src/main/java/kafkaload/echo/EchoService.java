package kafkaload.echo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaProtocol;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
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
 *
 * <p>This class is the service's handle (start, count, close); the threads are {@code PlainEcho}'s
 * and {@code ExactlyOnceEcho}'s.
 */
public final class EchoService implements AutoCloseable {
  /** Every echo class logs under this name, so the console reads as before the split. */
  static final Logger LOG = LoggerFactory.getLogger(EchoService.class);

  // What the echo workers share with their service: they add their daemon threads to threads
  // (started by startAndAwait, joined by close()), run while running (false once close() began),
  // count each reply handed to the producer in echoed and each consumer at its first partitions in
  // assigned, and add to closers what close() runs, in that order, once the threads stopped (the
  // producers).
  final List<Thread> threads = new ArrayList<>();
  final AtomicBoolean running = new AtomicBoolean(true);
  final AtomicLong echoed = new AtomicLong();
  final Set<Object> assigned = ConcurrentHashMap.newKeySet();
  final List<Runnable> closers = new ArrayList<>();

  /** A backlog test's outage: the consumers stay in the group and read nothing. */
  private final AtomicBoolean paused = new AtomicBoolean();

  /** Only the plain echo's threads apply a pause. */
  private volatile boolean pausable;

  private EchoService() {}

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
    EchoService s = new EchoService();
    PlainEcho.start(s, wire(protocolBuilder, replyTopic, group, consumers), delayMs, null);
    return s.startAndAwait(consumers);
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
    UnaryOperator<byte[]> reply =
        SchemaReply.of(
            (KafkaProtocol) protocolBuilder.protocol(), replyTopic, replyProto, replyMessage);
    EchoService s = new EchoService();
    PlainEcho.start(s, wire(protocolBuilder, replyTopic, group, consumers), 0, reply);
    return s.startAndAwait(consumers);
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
    KafkaLoadConfigException.refuseIf(
        transactionMs < 1, "echo service: a transaction lasts at least 1 ms, not " + transactionMs);
    EchoService s = new EchoService();
    ExactlyOnceEcho.start(s, wire(protocolBuilder, replyTopic, group, consumers), transactionMs);
    return s.startAndAwait(consumers);
  }

  /** Creates the request and reply topics; returns where the echo's threads read and reply. */
  private static Wiring wire(
      KafkaProtocolBuilder protocolBuilder, String replyTopic, String group, int consumers) {
    KafkaProtocol protocol = (KafkaProtocol) protocolBuilder.protocol();
    Connection connection = protocol.connection();
    TopicPlan plan = protocol.topicPlan();
    // The load's producers send to the request topic, whose partitions the run's preflight weighs
    // against them (once); the echo alone writes the reply topic: created alike, no such check.
    TopicPlan oneProducer = plan.withConcurrency(1, false);
    // Both topics' checks before either is created: a refused reply topic leaves no request topic
    // behind.
    try (Admin admin = connection.admin()) {
      Preflight.checkBootstrap(admin, connection);
      Preflight.checkPlan(admin, protocol.topic(), plan, connection.timeoutMs(), false);
      Preflight.checkPlan(admin, replyTopic, oneProducer, connection.timeoutMs(), false);
    }
    Preflight.ensureTopic(connection, protocol.topic(), oneProducer);
    Preflight.ensureTopic(connection, replyTopic, oneProducer);
    return new Wiring(connection, group, protocol.topic(), replyTopic, consumers);
  }

  /**
   * Where an echo's consumer threads read and reply: the connection, the group, the request and
   * reply topics, and how many consumers.
   */
  record Wiring(
      Connection connection, String group, String requestTopic, String replyTopic, int consumers) {
    /**
     * A consumer of the group named {@code clientId} (the run's consumers' defaults: it commits by
     * hand and reads from the topic's end when the group has no offset); {@code own} adds its own
     * properties.
     */
    KafkaConsumer<byte[], byte[]> consumer(String clientId, Map<String, String> own) {
      return ConsumerFactory.of(connection, clientId)
          .properties(Map.of("group.id", group, "max.poll.records", "500"))
          .properties(own)
          .create();
    }
  }

  /**
   * Starts the threads the echo added, then waits up to 30 s for every consumer's first partitions,
   * so no early request is missed.
   */
  private EchoService startAndAwait(int consumers) {
    threads.forEach(Thread::start);
    long deadline = System.currentTimeMillis() + 30_000;
    while (assigned.size() < consumers && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (assigned.size() < consumers) {
      LOG.warn(
          "Echo service: only {} of {} consumers got partitions within 30 s",
          assigned.size(),
          consumers);
    }
    return this;
  }

  /**
   * Runs the echo service as its own process, for a test that kills it and starts it again: {@code
   * --bootstrap host:port --request-topic t --reply-topic r --group g [--consumers 4] [--partitions
   * 4] [--exactly-once] [--transaction-ms 100]}. Creates missing topics with that many partitions,
   * prints {@code kafkaload-echo ready} once every consumer has its partitions, and exits when its
   * standard input closes (its parent is gone) or on a signal.
   */
  public static void main(String[] args) throws Exception {
    try {
      EchoProcess.run(args);
    } catch (RuntimeException e) {
      Console.configError(e); // its plain line above the stack trace
      throw e;
    }
  }

  /** How many records the service has written to the reply topic so far. */
  public long echoed() {
    return echoed.get();
  }

  /**
   * Pauses the consumers, as an outage would, until {@link #resume()}: each pauses its partitions
   * (KafkaConsumer.pause) before its next poll, so it stays in the group and reads nothing. The
   * plain echo only ({@link #startFor}, {@link #startWithSchemas}).
   */
  public void pause() {
    if (!pausable) {
      throw new IllegalStateException(
          "only the plain echo service pauses, not the exactly-once one");
    }
    paused.set(true);
  }

  /** Resumes the consumers after {@link #pause()}: they read on from their committed offsets. */
  public void resume() {
    paused.set(false);
  }

  /** Stops the consumers (waiting up to 5 s for each thread), then closes the producers. */
  @Override
  public void close() {
    // Once: a process closes it on end of input and again from its shutdown hook.
    if (!running.compareAndSet(true, false)) {
      return;
    }
    threads.forEach(t -> Daemons.join(t, 5000));
    closers.forEach(Runnable::run);
  }

  /** A consumer's partitions paused or resumed as the service is, from its thread before a poll. */
  void applyPause(org.apache.kafka.clients.consumer.Consumer<?, ?> consumer) {
    pausable = true;
    if (paused.get()) {
      consumer.pause(consumer.assignment());
    } else if (!consumer.paused().isEmpty()) {
      consumer.resume(consumer.paused());
    }
  }
}
