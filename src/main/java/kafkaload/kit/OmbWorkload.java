package kafkaload.kit;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * An OpenMessaging Benchmark workload file, as OMB's own YAML names its fields (docs/workloads.md).
 * A missing optional field is null and takes OMB's default; {@link #knobs()} maps the fields this
 * project honours to its -D knobs and refuses, naming the field, those it cannot honour.
 */
record OmbWorkload(
    String name,
    Integer topics,
    Integer partitionsPerTopic,
    Integer messageSize,
    String payloadFile,
    Boolean useRandomizedPayloads,
    Double randomBytesRatio,
    Integer randomizedPayloadPoolSize,
    String keyDistributor,
    Integer subscriptionsPerTopic,
    Integer consumerPerSubscription,
    Integer producersPerTopic,
    Double producerRate,
    Double consumerBacklogSizeGB,
    Double backlogDrainRatio,
    Double testDurationMinutes,
    Double warmupDurationMinutes) {

  /** OMB's keys: 10,000 distinct ones for KEY_ROUND_ROBIN and RANDOM_NANO. */
  static final int OMB_KEYS = 10_000;

  // Thread-safe once configured; holds no run's data.
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  /** The workload in {@code yaml}; an unknown field or a value of the wrong type is refused. */
  static OmbWorkload parse(String yaml, String file) {
    try {
      OmbWorkload w = YAML.readValue(yaml, OmbWorkload.class);
      if (w == null) {
        throw new KafkaLoadConfigException("-Dworkload=" + file + ": the file is empty");
      }
      return w;
    } catch (UnrecognizedPropertyException e) {
      throw new KafkaLoadConfigException(
          "-Dworkload="
              + file
              + ": unknown field '"
              + e.getPropertyName()
              + "' (a typo?); an OMB workload has: "
              + fieldNames());
    } catch (JsonMappingException e) {
      String field =
          e.getPath().stream()
              .map(r -> r.getFieldName() == null ? "[" + r.getIndex() + "]" : r.getFieldName())
              .collect(Collectors.joining("."));
      throw new KafkaLoadConfigException(
          "-Dworkload="
              + file
              + ": field '"
              + field
              + "' has a value of the wrong type: "
              + e.getOriginalMessage());
    } catch (IOException e) {
      throw new KafkaLoadConfigException(
          "-Dworkload=" + file + " is not valid YAML: " + e.getMessage());
    }
  }

  static String fieldNames() {
    return Arrays.stream(OmbWorkload.class.getRecordComponents())
        .map(RecordComponent::getName)
        .collect(Collectors.joining(", "));
  }

  /**
   * The -D knobs this workload sets (a -D property given on the command line still wins), each
   * field checked; a field this project cannot honour is refused, named with its value.
   */
  Map<String, String> knobs(String file) {
    Map<String, String> knobs = new LinkedHashMap<>();
    int topicCount = positive(file, "topics", topics);
    if (topicCount > 1) {
      // The rate spread over them, round robin: -Dtopic names them, kafkaload-perf-0 and on.
      knobs.put("topics", String.valueOf(topicCount));
      if (subscriptionsPerTopic != null && subscriptionsPerTopic > 0) {
        throw refuse(
            file,
            "topics",
            topicCount,
            "with subscriptionsPerTopic above 0: a subscription reads one topic; set"
                + " subscriptionsPerTopic to 0 for a many-topic workload, or topics to 1");
      }
    }
    knobs.put(
        "topic.partitions",
        String.valueOf(positive(file, "partitionsPerTopic", partitionsPerTopic)));
    int size = positive(file, "messageSize", messageSize);
    knobs.put("recordSize", String.valueOf(size));
    values(file, knobs);
    keys(file, knobs);
    consumers(file, knobs);
    int producers =
        producersPerTopic == null ? 1 : positive(file, "producersPerTopic", producersPerTopic);
    knobs.put("producer.mode", producers == 1 ? "shared" : "pool");
    if (producers > 1) {
      knobs.put("producer.pool", String.valueOf(producers));
    }
    double rate = required(file, "producerRate", producerRate);
    if (rate == 0) {
      throw refuse(
          file,
          "producerRate",
          "0",
          "OMB's 0 searches for the highest rate: run simulations.CapacitySearchSimulation"
              + " (docs/capacity.md) for that, or give a fixed rate in msg/s");
    }
    if (rate < 0 || rate != Math.rint(rate) || rate > Integer.MAX_VALUE) {
      throw refuse(file, "producerRate", rate, "a whole number of msg/s above 0");
    }
    knobs.put("rate", String.valueOf((long) rate));
    if (consumerBacklogSizeGB != null && consumerBacklogSizeGB != 0) {
      throw refuse(
          file,
          "consumerBacklogSizeGB",
          consumerBacklogSizeGB,
          "a backlog build and drain is simulations.BacklogDrainSimulation (-Dbacklog.*,"
              + " docs/backlog.md); here it must be 0");
    }
    if (backlogDrainRatio != null && !(backlogDrainRatio > 0)) {
      throw refuse(file, "backlogDrainRatio", backlogDrainRatio, "above 0, as in OMB");
    }
    knobs.put(
        "duration",
        String.valueOf(
            seconds(
                file,
                "testDurationMinutes",
                required(file, "testDurationMinutes", testDurationMinutes),
                1)));
    knobs.put(
        "warmup",
        String.valueOf(
            seconds(
                file,
                "warmupDurationMinutes",
                warmupDurationMinutes == null ? 1.0 : warmupDurationMinutes,
                0)));
    return knobs;
  }

  /**
   * The values: random (useRandomizedPayloads) or the payload file's bytes (checked by the kit).
   */
  private void values(String file, Map<String, String> knobs) {
    boolean randomized = Boolean.TRUE.equals(useRandomizedPayloads);
    if (randomized) {
      double ratio = randomBytesRatio == null ? 0.0 : randomBytesRatio;
      if (!(ratio > 0 && ratio <= 1)) {
        throw refuse(
            file,
            "randomBytesRatio",
            randomBytesRatio,
            "the random share of each value, above 0 up to 1, with useRandomizedPayloads: true");
      }
      if (ratio < 1) {
        knobs.put("value.compressibility", String.valueOf(1 - ratio));
      }
      if (randomizedPayloadPoolSize != null && randomizedPayloadPoolSize < 1) {
        throw refuse(file, "randomizedPayloadPoolSize", randomizedPayloadPoolSize, "at least 1");
      }
      return;
    }
    if (randomBytesRatio != null) {
      throw refuse(
          file,
          "randomBytesRatio",
          randomBytesRatio,
          "it acts only with useRandomizedPayloads: true; remove it or set that");
    }
    if (randomizedPayloadPoolSize != null) {
      throw refuse(
          file,
          "randomizedPayloadPoolSize",
          randomizedPayloadPoolSize,
          "it acts only with useRandomizedPayloads: true; remove it or set that");
    }
  }

  private void keys(String file, Map<String, String> knobs) {
    String k = keyDistributor == null ? "NO_KEY" : keyDistributor;
    switch (k) {
      case "NO_KEY":
        knobs.put("key", "none");
        break;
      case "KEY_ROUND_ROBIN":
        knobs.put("key", "roundrobin");
        knobs.put("key.count", String.valueOf(OMB_KEYS));
        break;
      case "RANDOM_NANO":
        knobs.put("key", "uniform");
        knobs.put("key.count", String.valueOf(OMB_KEYS));
        break;
      default:
        throw refuse(
            file, "keyDistributor", k, "one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO (OMB's)");
    }
  }

  /**
   * Subscriptions: consumer groups of their own reading the topic (-Dsubscriptions,
   * -Dsubscriptions.consumers); OMB's 0 and missing fields: none.
   */
  private void consumers(String file, Map<String, String> knobs) {
    int subscriptions = subscriptionsPerTopic == null ? 0 : subscriptionsPerTopic;
    int consumers = consumerPerSubscription == null ? 0 : consumerPerSubscription;
    if (subscriptions < 0) {
      throw refuse(file, "subscriptionsPerTopic", subscriptions, "0 (no consumers) or more");
    }
    if (consumers < 0) {
      throw refuse(file, "consumerPerSubscription", consumers, "0 or more");
    }
    if (subscriptions == 0) {
      if (consumers != 0) {
        throw refuse(
            file,
            "consumerPerSubscription",
            consumers,
            "with subscriptionsPerTopic 0 there are no consumers to run; set it to 0");
      }
      return;
    }
    if (consumers == 0) {
      throw refuse(
          file,
          "consumerPerSubscription",
          consumers,
          "each of the " + subscriptions + " subscriptions needs at least 1 consumer");
    }
    knobs.put("subscriptions", String.valueOf(subscriptions));
    knobs.put("subscriptions.consumers", String.valueOf(consumers));
  }

  /** Minutes as whole seconds (OMB counts minutes; fractions such as 0.1 are allowed). */
  private static int seconds(String file, String field, double minutes, int min) {
    long s = Math.round(minutes * 60);
    if (minutes < 0 || s < min || s > Integer.MAX_VALUE) {
      throw refuse(
          file, field, minutes, "minutes, at least " + min + " s once rounded (0.1 is 6 s)");
    }
    return (int) s;
  }

  private static <T> T required(String file, String field, T value) {
    if (value == null) {
      throw new KafkaLoadConfigException(
          "-Dworkload="
              + file
              + ": field '"
              + field
              + "' is missing; required: "
              + List.of(REQUIRED));
    }
    return value;
  }

  private static int positive(String file, String field, Integer value) {
    int v = required(file, field, value);
    if (v < 1) {
      throw refuse(file, field, v, "at least 1");
    }
    return v;
  }

  private static final String[] REQUIRED = {
    "topics", "partitionsPerTopic", "messageSize", "producerRate", "testDurationMinutes"
  };

  private static KafkaLoadConfigException refuse(
      String file, String field, Object value, String why) {
    return new KafkaLoadConfigException(
        "-Dworkload=" + file + ": " + field + ": " + value + " cannot be honoured: " + why);
  }
}
