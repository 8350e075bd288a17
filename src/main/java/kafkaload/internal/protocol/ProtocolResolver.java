package kafkaload.internal.protocol;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.KafkaConfigCheck;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.config.SaslLogins;
import kafkaload.internal.metrics.MetricsSettings;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.schema.RegistrySettings;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A builder's parts resolved into the {@link KafkaProtocol}: -D wins; checked, unconnected. */
public final class ProtocolResolver {
  private static final Logger LOG = LoggerFactory.getLogger(ProtocolResolver.class);

  /** -D property and environment variable that point every simulation at a real cluster. */
  public static final String BOOTSTRAP_PROPERTY = "kafka.bootstrap.servers";

  /** Environment variable with the same effect as -Dkafka.bootstrap.servers, which wins. */
  public static final String BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP_SERVERS";

  /** -D property: run N embedded brokers as child processes. */
  public static final String EMBEDDED_BROKERS_PROPERTY = "kafka.embedded.brokers";

  /** -D property: the protocol's isolation.level (Kafka's consumer property name and values). */
  public static final String ISOLATION_PROPERTY = "isolation.level";

  /** -D property: the share of records sent with a W3C traceparent header (0: none). */
  public static final String TRACE_RATIO_PROPERTY = "trace.sampleRatio";

  /** What a sampling ratio must be, in a refusal's words. */
  static final String TRACE_RATIO_RANGE =
      "the sampling ratio must be a number from 0 to 1 (0.01 traces 1 % of the records)";

  private ProtocolResolver() {}

  /** The parts against their snapshot of parameters, or a fresh one when they have none. */
  public static KafkaProtocol resolve(ProtocolParts parts) {
    ParamSnapshot params =
        parts.params() != null ? parts.params() : ParamSnapshot.fromSystemProperties();
    Map<String, Object> props = parts.client().resolve(params);
    String bootstrap =
        firstNonBlank(
            params.raw(BOOTSTRAP_PROPERTY),
            params.env(BOOTSTRAP_ENV),
            parts.target().bootstrapServers(),
            // taken out: the producers get the bootstrap chosen here
            (String) props.remove(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
    RegistrySettings registry = RegistryResolver.resolve(props, params);
    SaslLogins.checkAwsMskIam(props);
    SaslLogins.allowTokenEndpoint(props);
    validate(props);
    int brokers =
        params.raw(EMBEDDED_BROKERS_PROPERTY) != null
            ? params.positiveInt(EMBEDDED_BROKERS_PROPERTY, 1)
            : parts.target().embeddedBrokers();
    // Kafka's consumer property name as the -D name; a bad value is refused here, before any load.
    String isolation =
        params.string(ISOLATION_PROPERTY, ConsumerFactory.name(parts.requests().isolationLevel()));
    Requests requests =
        parts
            .requests()
            .withIsolationLevel(
                ConsumerFactory.isolationLevel(isolation, "-D" + ISOLATION_PROPERTY))
            .withTraceSampleRatio(traceSampleRatio(params, parts.requests().traceSampleRatio()));
    return new KafkaProtocol(
        new Target(bootstrap, brokers).resolved(),
        Collections.unmodifiableMap(props),
        parts.producers(),
        topics(params, parts.topics()),
        requests,
        parts.lag(),
        registry,
        new RunContext(
            injectorBounds(params),
            params.used(),
            params.injector(),
            metrics(params),
            params,
            params.bool(DRY_RUN_PROPERTY, false)));
  }

  /** -D property: preflight and the resolved plan, then exit 0 before any load. */
  public static final String DRY_RUN_PROPERTY = "dry.run";

  /** -D property: spread the sends over N topics named after the default topic (1: one). */
  public static final String TOPICS_PROPERTY = "topics";

  /** -Dtopics over the builder's count; many topics need a default topic to name them after. */
  static Topics topics(ParamSnapshot params, Topics topics) {
    // Read only when set: a run on one topic lists no topics parameter in its summary.
    Topics t =
        params.raw(TOPICS_PROPERTY) == null
            ? topics
            : topics.withCount(params.positiveInt(TOPICS_PROPERTY, topics.count()));
    refuseIf(
        t.many() && t.topic() == null,
        "-D%s=%s needs a default topic to name them after: kafka().topic(\"prefix\")"
            .formatted(TOPICS_PROPERTY, t.count()));
    return t;
  }

  /** -Dmetrics.port: unset, no endpoint; 0, a free port; else a port number. */
  private static MetricsSettings metrics(ParamSnapshot params) {
    String v = params.raw("metrics.port");
    if (v == null) {
      return null;
    }
    try {
      int port = Integer.parseInt(v);
      if (port >= 0 && port <= 65535) {
        return new MetricsSettings(port, params.nonNegativeInt("metrics.lingerSeconds", 15));
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new KafkaLoadConfigException(
        "-Dmetrics.port=" + v + " is not a port: 1 to 65535, or 0 for a free one");
  }

  /** When the injector counts as saturated: the -Dhealth.* parameters. */
  private static InjectorResults.Bounds injectorBounds(ParamSnapshot params) {
    return new InjectorResults.Bounds(
        params.percent("health.cpuPct", 90),
        params.positiveInt("health.windowSeconds", 10),
        params.percent("health.gcPct", 10),
        params.nonNegativeDouble("health.gcPauseMs", 1000),
        params.nonNegativeDouble("health.bufferWaitRatio", 0.1),
        params.nonNegativeDouble("health.eventLoopDelayMs", 100));
  }

  /** -Dtrace.sampleRatio, which wins over the builder's; refused before any load unless 0 to 1. */
  static double traceSampleRatio(ParamSnapshot params, double builder) {
    String raw = params.raw(TRACE_RATIO_PROPERTY);
    if (raw == null) {
      return builder;
    }
    try {
      double ratio = Double.parseDouble(raw);
      if (ratio >= 0 && ratio <= 1) {
        return ratio;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new KafkaLoadConfigException(
        "-D" + TRACE_RATIO_PROPERTY + "=" + raw + ": " + TRACE_RATIO_RANGE);
  }

  /** The first value set and not blank, trimmed; null when there is none. */
  public static String firstNonBlank(String... values) {
    return Stream.of(values)
        .filter(v -> v != null && !v.isBlank())
        .findFirst()
        .map(String::trim)
        .orElse(null);
  }

  /** Kafka's own ConfigDef judges every value, so errors name the property as Kafka would. */
  private static void validate(Map<String, Object> props) {
    Optional<String> why = KafkaConfigCheck.producerRefusal(props);
    refuseIf(why.isPresent(), "Invalid Kafka producer property: " + why.orElse(null));
    Set<String> unknown = new TreeSet<>(props.keySet());
    unknown.removeAll(ProducerConfig.configNames());
    unknown.removeIf(Connection::isSecuritySetting);
    if (!unknown.isEmpty()) {
      LOG.warn("Not KafkaProducer properties, ignored by the producer: {}", unknown);
    }
  }
}
