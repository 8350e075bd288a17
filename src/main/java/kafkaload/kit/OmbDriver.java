package kafkaload.kit;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Payloads;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * An OpenMessaging Benchmark Kafka driver file (-Domb.driver, driver-kafka/kafka-*.yaml;
 * docs/workloads.md), as OMB's KafkaBenchmarkDriver reads it: its Java-properties text blocks
 * mapped to this project's knobs (a -D knob still wins), topic configs and client properties. An
 * unknown field is refused by name, as in a workload file; so is a property Kafka's producer or
 * consumer does not know in producerConfig or consumerConfig.
 */
record OmbDriver(
    String name,
    String driverClass,
    Integer replicationFactor,
    String topicConfig,
    String commonConfig,
    String producerConfig,
    String consumerConfig) {

  /** No driver file: the project's own settings; the result file names the driver so. */
  static final OmbDriver NONE = new OmbDriver("kafkaload", null, null, null, null, null, null);

  /** The producer properties the shipped simulations read as knobs of the same name. */
  static final Set<String> PRODUCER_KNOBS =
      Set.of(
          "acks",
          "linger.ms",
          "batch.size",
          "compression.type",
          "enable.idempotence",
          "retries",
          "max.in.flight.requests.per.connection",
          "buffer.memory",
          "max.request.size",
          "delivery.timeout.ms",
          "request.timeout.ms",
          "max.block.ms");

  /** The driver file -Domb.driver names (a path or a classpath resource); NONE without one. */
  static OmbDriver of(String file) {
    if (file.isBlank()) {
      return NONE;
    }
    OmbDriver d =
        parse(new String(Payloads.read(file, "the OMB driver file"), StandardCharsets.UTF_8), file);
    d.knobs(file); // every property checked before any load
    return d;
  }

  static OmbDriver parse(String yaml, String file) {
    return OmbWorkload.read(
        yaml,
        OmbDriver.class,
        "-Domb.driver=" + file,
        "an OMB Kafka driver file",
        e -> "a field has a value of the wrong type: " + e.getOriginalMessage());
  }

  /** The driver's name as OMB's result file gives it. */
  String driverName() {
    return name == null ? "Kafka" : name;
  }

  /**
   * The knobs it sets: replicationFactor as -Dtopic.replication, topicConfig's min.insync.replicas
   * as -Dmin.insync.replicas, commonConfig's bootstrap.servers as -Dkafka.bootstrap.servers, and
   * the producer properties that are knobs (-Dacks, -Dlinger.ms, ...) by their own names.
   */
  Map<String, String> knobs(String file) {
    Map<String, String> knobs = new LinkedHashMap<>();
    if (replicationFactor != null) {
      if (replicationFactor < 1) {
        throw new KafkaLoadConfigException(
            "-Domb.driver=" + file + ": replicationFactor: " + replicationFactor + " below 1");
      }
      knobs.put("topic.replication", String.valueOf(replicationFactor));
    }
    String minIsr = properties(file, "topicConfig", topicConfig).get("min.insync.replicas");
    if (minIsr != null) {
      knobs.put("min.insync.replicas", minIsr);
    }
    String bootstrap = properties(file, "commonConfig", commonConfig).get("bootstrap.servers");
    if (bootstrap != null) {
      knobs.put("kafka.bootstrap.servers", bootstrap);
    }
    Map<String, String> producer = producer(file);
    producer.keySet().retainAll(PRODUCER_KNOBS);
    knobs.putAll(producer);
    consumer(file);
    return knobs;
  }

  /**
   * topicConfig's configs but min.insync.replicas (a knob): set on the topics preflight creates.
   */
  Map<String, String> topicConfigs(String file) {
    Map<String, String> c = properties(file, "topicConfig", topicConfig);
    c.remove("min.insync.replicas");
    return c;
  }

  /** The producer properties that are not knobs, for the protocol (Kafka judges their values). */
  Map<String, String> producerProperties(String file) {
    Map<String, String> p = producer(file);
    p.keySet().removeAll(PRODUCER_KNOBS);
    return p;
  }

  /** commonConfig's producer properties (bootstrap.servers aside), then producerConfig's. */
  private Map<String, String> producer(String file) {
    return client(file, "producerConfig", producerConfig, ProducerConfig.configNames(), "producer");
  }

  /** commonConfig's consumer properties (bootstrap.servers aside), then consumerConfig's. */
  Map<String, String> consumer(String file) {
    return client(file, "consumerConfig", consumerConfig, ConsumerConfig.configNames(), "consumer");
  }

  /**
   * commonConfig's properties that {@code client} knows (bootstrap.servers aside), then its own
   * {@code field}'s, each of which it must know.
   */
  private Map<String, String> client(
      String file, String field, String text, Set<String> names, String client) {
    Map<String, String> p = properties(file, "commonConfig", commonConfig);
    p.keySet().removeIf(k -> k.equals("bootstrap.servers") || !names.contains(k));
    Map<String, String> own = properties(file, field, text);
    for (String k : own.keySet()) {
      if (!names.contains(k)) {
        throw refused(
            "-Domb.driver=%s: %s: '%s' is not a Kafka %s property (a typo?)",
            file, field, k, client);
      }
    }
    p.putAll(own);
    return p;
  }

  /** A Java-properties text block, as OMB loads it; null: none. */
  private static Map<String, String> properties(String file, String field, String text) {
    Map<String, String> out = new TreeMap<>();
    if (text == null) {
      return out;
    }
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw refused(
          "-Domb.driver=%s: %s is not Java properties text: %s", file, field, e.getMessage());
    }
    p.forEach((k, v) -> out.put(k.toString().trim(), v.toString().trim()));
    return out;
  }
}
