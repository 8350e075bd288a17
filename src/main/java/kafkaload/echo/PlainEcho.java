package kafkaload.echo;

import static kafkaload.echo.EchoService.LOG;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;
import kafkaload.internal.client.Daemons;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One consumer thread of the plain (at-least-once) echo: reads a batch, writes each reply through
 * the shared producer, flushes, then commits the batch's offsets, so a reply is written before its
 * request counts as read. {@code transform}: what the service makes of a request's value (null
 * echoes it as it is).
 */
record PlainEcho(
    EchoService service,
    KafkaConsumer<byte[], byte[]> consumer,
    KafkaProducer<byte[], byte[]> producer,
    String replyTopic,
    long delayMs,
    UnaryOperator<byte[]> transform) {
  /**
   * Starts {@code consumers} threads, each with its own consumer in {@code group}, reading {@code
   * requestTopic}, and one producer they share.
   *
   * @param connection where the echo clients connect, with the protocol's security settings
   * @param delayMs time spent "processing" each record, 0 for none
   */
  static void start(
      EchoService s, EchoService.Wiring w, long delayMs, UnaryOperator<byte[]> transform) {
    Properties pp = w.connection().properties();
    pp.put("linger.ms", "1");
    pp.put("client.id", "kafkaload-echo");
    KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
    for (int i = 0; i < w.consumers(); i++) {
      KafkaConsumer<byte[], byte[]> consumer = w.consumer(w.group() + "-" + i, Map.of());
      consumer.subscribe(
          List.of(w.requestTopic()),
          new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {}

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
              s.assigned.add(consumer);
            }
          });
      PlainEcho worker = new PlainEcho(s, consumer, producer, w.replyTopic(), delayMs, transform);
      s.threads.add(Daemons.thread("kafkaload-echo-" + i, worker::run));
    }
    // The shared producer closes once every consumer thread has stopped.
    s.closers.add(() -> producer.close(Duration.ofSeconds(5)));
    LOG.info(
        "Echo service: group '{}' reads '{}' and replies on '{}' ({} consumers, {} ms per record)",
        w.group(),
        w.requestTopic(),
        w.replyTopic(),
        w.consumers(),
        delayMs);
  }

  private void run() {
    try (consumer) {
      while (service.running.get()) {
        service.applyPause(consumer);
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
          service.echoed.incrementAndGet();
          if (!service.running.get()) {
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
    } catch (WakeupException | InterruptException e) {
      // closing
    } catch (RuntimeException e) {
      if (service.running.get()) {
        LOG.warn("Echo consumer stopped: {}", e.toString());
      }
    }
  }
}
