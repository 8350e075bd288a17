package kafkaload.internal.semantic.capacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The injectors of a distributed search share each plateau's figures through a one-partition topic
 * of the run, {@code kafkaload-capacity-<run id>}: each writes its share, then reads the topic from
 * its start until it holds every injector's share of that plateau. Every injector thus judges the
 * same figures and takes the same next step; they start it together, within the topic's delivery
 * time.
 */
final class KafkaExchange implements Exchange {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final int injectors;
  private final String topic;
  private final KafkaProducer<String, String> producer;
  private final KafkaConsumer<String, String> consumer;

  /** Shares read so far, by plateau, then injector. */
  private final Map<Integer, Map<Integer, PlateauShare>> read = new TreeMap<>();

  KafkaExchange(Connection connection, String runId, int injector, int injectors) {
    this.injectors = injectors;
    this.topic = "kafkaload-capacity-" + runId;
    try (Admin admin = connection.admin()) {
      admin
          .createTopics(List.of(new NewTopic(topic, 1, (short) -1)))
          .all()
          .get(connection.timeoutMs(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new KafkaLoadConfigException(
            "capacity search: cannot create the topic the injectors share figures on, %s: %s"
                .formatted(topic, e.getCause()));
      }
    } catch (Exception e) {
      throw new KafkaLoadConfigException(
          "capacity search: cannot create the topic " + topic + ": " + e);
    }
    Properties p = connection.properties();
    p.put("acks", "all");
    p.put("client.id", "kafkaload-capacity-" + injector);
    producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    Properties c = connection.properties();
    c.put("client.id", "kafkaload-capacity-reader-" + injector);
    c.put("enable.auto.commit", "false");
    consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer());
    TopicPartition tp = new TopicPartition(topic, 0);
    consumer.assign(List.of(tp));
    consumer.seekToBeginning(List.of(tp));
  }

  @Override
  public List<PlateauShare> all(PlateauShare mine, long deadlineNanos) {
    try {
      producer
          .send(
              new ProducerRecord<>(
                  topic, String.valueOf(mine.plateau()), JSON.writeValueAsString(mine)))
          .get(Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      return List.of(mine); // the caller stops the search: not every injector's figures came
    }
    Map<Integer, PlateauShare> shares = read.computeIfAbsent(mine.plateau(), k -> new TreeMap<>());
    while (shares.size() < injectors && System.nanoTime() < deadlineNanos) {
      for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(50))) {
        try {
          PlateauShare s = JSON.readValue(r.value(), PlateauShare.class);
          read.computeIfAbsent(s.plateau(), k -> new TreeMap<>()).put(s.injector(), s);
        } catch (Exception e) {
          // Not a share (another writer on the run's topic): not ours to judge.
        }
      }
    }
    return new ArrayList<>(shares.values());
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
    consumer.close(Duration.ofSeconds(5));
  }
}
