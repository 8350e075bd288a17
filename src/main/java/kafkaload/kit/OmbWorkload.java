package kafkaload.kit;

import static java.util.Objects.requireNonNullElse;
import static kafkaload.internal.config.KafkaLoadConfigException.refused;

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
import java.util.function.Function;
import java.util.stream.Collectors;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * An OpenMessaging Benchmark workload file, as OMB's own YAML names its fields (docs/workloads.md).
 * A missing optional field is null and takes OMB's default; {@link #knobs(String, double)} maps the
 * fields this project honours to its -D knobs and refuses, naming the field, those it cannot
 * honour.
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

  /** OMB's max-rate search starts at 10,000 msg/s (its WorkloadGenerator). */
  static final int OMB_START_RATE = 10_000;

  // Thread-safe once configured; holds no run's data.
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  /** The workload in {@code yaml}; an unknown field or a value of the wrong type is refused. */
  static OmbWorkload parse(String yaml, String file) {
    return read(
        yaml,
        OmbWorkload.class,
        "-Dworkload=" + file,
        "an OMB workload",
        e ->
            "field '%s' has a value of the wrong type: %s"
                .formatted(
                    e.getPath().stream()
                        .map(r -> requireNonNullElse(r.getFieldName(), "[" + r.getIndex() + "]"))
                        .collect(Collectors.joining(".")),
                    e.getOriginalMessage()));
  }

  /**
   * An OMB YAML file (a workload, a driver) as the record {@code type}, each refusal starting with
   * {@code who}: an unknown field named beside the fields {@code kind} has, a value of the wrong
   * type as {@code wrongType} says.
   */
  static <T extends Record> T read(
      String yaml,
      Class<T> type,
      String who,
      String kind,
      Function<JsonMappingException, String> wrongType) {
    try {
      T read = YAML.readValue(yaml, type);
      if (read == null) {
        throw new KafkaLoadConfigException(who + ": the file is empty");
      }
      return read;
    } catch (UnrecognizedPropertyException e) {
      String fields =
          Arrays.stream(type.getRecordComponents())
              .map(RecordComponent::getName)
              .collect(Collectors.joining(", "));
      throw new KafkaLoadConfigException(
          "%s: unknown field '%s' (a typo?); %s has: %s"
              .formatted(who, e.getPropertyName(), kind, fields));
    } catch (JsonMappingException e) {
      throw new KafkaLoadConfigException(who + ": " + wrongType.apply(e));
    } catch (IOException e) {
      throw new KafkaLoadConfigException(who + " is not valid YAML: " + e.getMessage());
    }
  }

  /**
   * The -D knobs this workload sets (a -D property given on the command line still wins), each
   * field checked; a field this project cannot honour is refused, named with its value. A backlog
   * is scaled by {@code backlogScale} (1.0: as the file says).
   */
  Map<String, String> knobs(String file, double backlogScale) {
    Map<String, String> knobs = new LinkedHashMap<>();
    int topicCount = positive(file, "topics", topics);
    if (topicCount > 1) {
      // The rate spread over them, round robin: -Dtopic names them, kafkaload-perf-0 and on; a
      // subscription is a group per topic, as in OMB.
      knobs.put("topics", String.valueOf(topicCount));
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
    if (rate < 0 || rate != Math.rint(rate) || rate > Integer.MAX_VALUE) {
      throw refuse(file, "producerRate", rate, "a whole number of msg/s, 0 for OMB's max rate");
    }
    if (backlogDrainRatio != null && !(backlogDrainRatio > 0 && backlogDrainRatio <= 1)) {
      throw refuse(
          file, "backlogDrainRatio", backlogDrainRatio, "above 0 up to 1 (the share drained)");
    }
    if (consumerBacklogSizeGB != null && consumerBacklogSizeGB < 0) {
      throw refuse(file, "consumerBacklogSizeGB", consumerBacklogSizeGB, "0 or more");
    }
    if (rate > 0) {
      knobs.put("rate", String.valueOf((long) rate));
      if (subscriptionsPerTopic != null && subscriptionsPerTopic > 0) {
        // The lag verdict's bound at 1 % of the rate, not the default's fixed 10 records/s: at
        // 10,000 msg/s a consumer's batched commits sway the sampled lag by hundreds of records,
        // and 10 records/s of slope was that noise (once 11.4 in a 10 s run that drained).
        knobs.put("gate.lagMaxSlope", String.valueOf(Math.max(10, (long) rate / 100)));
      }
    }
    double test = required(file, "testDurationMinutes", testDurationMinutes);
    knobs.put("duration", String.valueOf(seconds(file, "testDurationMinutes", test, 1)));
    double warmup = warmupDurationMinutes == null ? 1.0 : warmupDurationMinutes;
    knobs.put("warmup", String.valueOf(seconds(file, "warmupDurationMinutes", warmup, 0)));
    switch (mode(file)) {
      case MAX_RATE -> {
        // The capacity search (docs/capacity.md) from OMB's own start rate, its warm-up the
        // workload's, searching for the test's duration as OMB's controller does.
        knobs.put("capacity.startRate", String.valueOf(OMB_START_RATE));
        knobs.put("capacity.warmUpSeconds", knobs.get("warmup"));
        knobs.put("capacity.maxSeconds", knobs.get("duration"));
      }
      case BACKLOG -> backlog(file, knobs, (long) rate, size, backlogScale);
      case FIXED_RATE -> {}
    }
    return knobs;
  }

  /**
   * What the workload runs: OMB's producerRate 0 is its search for the highest sustainable rate; a
   * consumerBacklogSizeGB above 0 builds and drains a backlog (OMB refuses both at once).
   */
  Workload.Mode mode(String file) {
    boolean backlog = consumerBacklogSizeGB != null && consumerBacklogSizeGB > 0;
    if (producerRate != null && producerRate == 0) {
      if (backlog) {
        throw refuse(
            file,
            "consumerBacklogSizeGB",
            consumerBacklogSizeGB,
            "with producerRate 0: the backlog is built at a fixed rate (OMB refuses this too:"
                + " it cannot probe the sustainable rate while building a backlog)");
      }
      return Workload.Mode.MAX_RATE;
    }
    return backlog ? Workload.Mode.BACKLOG : Workload.Mode.FIXED_RATE;
  }

  /**
   * consumerBacklogSizeGB: the backlog build and drain (docs/backlog.md) of that many GiB times
   * {@code scale} (-Domb.backlogScale, for a small machine), at producerRate, its one
   * subscription's group the group paused and resumed.
   */
  private void backlog(String file, Map<String, String> knobs, long rate, int size, double scale) {
    int subs = subscriptionsPerTopic == null ? 0 : subscriptionsPerTopic;
    if (subs != 1) {
      throw refuse(
          file,
          "subscriptionsPerTopic",
          subs,
          "with a backlog it must be 1: the backlog pauses and drains one group under test");
    }
    long bytes = (long) Math.ceil(consumerBacklogSizeGB * (1L << 30) * scale);
    if (bytes < size) {
      throw refuse(
          file,
          "consumerBacklogSizeGB",
          consumerBacklogSizeGB,
          "times -Domb.backlogScale=" + scale + " is less than one record of messageSize");
    }
    knobs.put("backlog.rate", String.valueOf(rate));
    knobs.put("backlog.bytes", String.valueOf(bytes));
    knobs.put(
        "backlog.drainRatio", String.valueOf(backlogDrainRatio == null ? 1.0 : backlogDrainRatio));
    // Bounds well above what the rate needs, so a bound that passes says the cluster was slow.
    long buildSeconds = (long) Math.ceil((double) bytes / size / rate);
    knobs.put("backlog.maxBuildSeconds", String.valueOf(Math.max(60, 2 * buildSeconds + 30)));
    knobs.put(
        "backlog.maxDrainSeconds",
        String.valueOf(Math.max(60, Long.parseLong(knobs.get("duration")))));
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
    String onlyRandomized = "it acts only with useRandomizedPayloads: true; remove it or set that";
    if (randomBytesRatio != null) {
      throw refuse(file, "randomBytesRatio", randomBytesRatio, onlyRandomized);
    }
    if (randomizedPayloadPoolSize != null) {
      throw refuse(file, "randomizedPayloadPoolSize", randomizedPayloadPoolSize, onlyRandomized);
    }
  }

  private void keys(String file, Map<String, String> knobs) {
    String k = keyDistributor == null ? "NO_KEY" : keyDistributor;
    String key =
        switch (k) {
          case "NO_KEY" -> "none";
          case "KEY_ROUND_ROBIN" -> "roundrobin";
          case "RANDOM_NANO" -> "uniform";
          default ->
              throw refuse(
                  file, "keyDistributor", k, "one of NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO (OMB's)");
        };
    knobs.put("key", key);
    if (!key.equals("none")) {
      knobs.put("key.count", String.valueOf(OMB_KEYS));
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
      throw refused(
          "-Dworkload=%s: field '%s' is missing; required: %s", file, field, List.of(REQUIRED));
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
