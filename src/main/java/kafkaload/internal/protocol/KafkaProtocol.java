package kafkaload.internal.protocol;

import io.gatling.core.CoreComponents;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.protocol.Protocol;
import io.gatling.core.protocol.ProtocolKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.broker.EmbeddedKafka;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.schema.RegistrySettings;
import org.apache.kafka.clients.producer.ProducerConfig;
import scala.Function1;

/**
 * The resolved, validated, immutable Kafka protocol a simulation runs with: the builder's parts
 * with the -D properties and the environment applied. Built by {@code
 * kafkaload.KafkaProtocolBuilder#protocol()}.
 *
 * @param target where to connect: bootstrap servers, or the embedded broker(s)
 * @param producerProperties KafkaProducer properties, already checked against ProducerConfig
 * @param producers how virtual users share producers
 * @param topics the default topic and what preflight does about it
 * @param requests run-identity headers, the default reply timeout and isolation.level
 * @param lag consumer groups whose lag is sampled during the run and judged after it
 * @param schemaRegistry the Schema Registry settings; a null url means the embedded registry,
 *     started on first use
 * @param run the injector's bounds, the parameters read, which injector this is
 */
public record KafkaProtocol(
    Target target,
    Map<String, Object> producerProperties,
    Producers producers,
    Topics topics,
    Requests requests,
    LagSettings lag,
    RegistrySettings schemaRegistry,
    RunContext run)
    implements Protocol {

  /** Where to connect, or null to start the embedded broker. */
  public String bootstrapServers() {
    return target.bootstrapServers();
  }

  /** With no bootstrap: 0 for the single in-JVM broker, N for N brokers in child processes. */
  public int embeddedBrokers() {
    return target.embeddedBrokers();
  }

  /** The default topic of send actions, or null when every action names its own. */
  public String topic() {
    return topics.topic();
  }

  /**
   * The default topic for a step that writes or reads one topic ({@code step}: its name for the
   * message); refused before the load when plain sends spread over many ({@code -Dtopics}).
   */
  public String oneTopic(String step) {
    return topics.oneTopic(step);
  }

  public TopicPlan topicPlan() {
    return topics.plan();
  }

  /** The share of records sent with a W3C traceparent header: 0 (none) to 1 (all). */
  public double traceSampleRatio() {
    return requests.traceSampleRatio();
  }

  /** The readers' isolation.level: the builder's, -Disolation.level winning, else Kafka's. */
  public org.apache.kafka.common.IsolationLevel isolationLevel() {
    return requests.isolationLevel();
  }

  /** What the lag monitor measures lag against: its own isolation level, else the protocol's. */
  public org.apache.kafka.common.IsolationLevel lagIsolationLevel() {
    return lag.isolationLevel() != null ? lag.isolationLevel() : requests.isolationLevel();
  }

  public List<String> lagGroups() {
    return lag.groups();
  }

  public InjectorResults.Bounds injectorBounds() {
    return run.injectorBounds();
  }

  /** Which injector of a distributed run this is ({@link InjectorShare#SINGLE}: the whole run). */
  public InjectorShare injector() {
    return run.injector();
  }

  /** Where this protocol connects: its bootstrap servers, or the embedded broker(s). */
  public String targetBootstrap() {
    return bootstrapServers() != null
        ? bootstrapServers()
        : embeddedBrokers() > 0
            ? EmbeddedCluster.shared(embeddedBrokers()).bootstrapServers()
            : EmbeddedKafka.shared().bootstrapServers();
  }

  /**
   * Where and how its clients connect; starts the embedded broker(s) when there is no bootstrap.
   */
  public Connection connection() {
    return new Connection(targetBootstrap(), producerProperties, topicPlan().bootstrapTimeoutMs());
  }

  /** The embedded cluster of child-process brokers this protocol runs on, or null. */
  public EmbeddedCluster embeddedCluster() {
    return bootstrapServers() == null && embeddedBrokers() > 0
        ? EmbeddedCluster.shared(embeddedBrokers())
        : null;
  }

  /**
   * The producers' acks, the one place it is read: as set (the DSL's default is "1"), else Kafka's
   * own default.
   */
  public String acks() {
    Object acks = producerProperties.get(ProducerConfig.ACKS_CONFIG);
    return acks != null ? acks.toString().trim() : KAFKA_DEFAULT_ACKS;
  }

  /** Kafka's own default acks, read once: configDef() copies the producer's whole ConfigDef. */
  private static final String KAFKA_DEFAULT_ACKS =
      String.valueOf(ProducerConfig.configDef().defaultValues().get(ProducerConfig.ACKS_CONFIG));

  /** acks=all (or -1): each send waits for min.insync.replicas in-sync replicas. */
  public boolean acksAll() {
    return isAll(acks());
  }

  /** Whether an acks value is "all" in either of its spellings. */
  public static boolean isAll(String acks) {
    return acks.equalsIgnoreCase("all") || acks.equals("-1");
  }

  /** The settings as summary and page show them, secrets masked; {@code runId} or null. */
  public ProtocolResults.ProtocolConfig describe(String bootstrap, String runId) {
    Map<String, String> registry = schemaRegistry().url() == null ? null : new LinkedHashMap<>();
    if (registry != null) {
      schemaRegistry().describe().forEach((k, v) -> registry.put(k, Objects.toString(v, null)));
    }
    return new ProtocolResults.ProtocolConfig(
        bootstrap,
        bootstrapServers() != null ? null : Math.max(1, embeddedBrokers()),
        topic(),
        producers.mode().name().toLowerCase(),
        producers.poolSize(),
        Secrets.masked(producerProperties),
        registry,
        runId);
  }

  public static final ProtocolKey<KafkaProtocol, KafkaComponents> KEY =
      new ProtocolKey<>() {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public Class<Protocol> protocolClass() {
          return (Class) KafkaProtocol.class;
        }

        @Override
        public KafkaProtocol defaultProtocolValue(GatlingConfiguration configuration) {
          throw new IllegalStateException(
              "Kafka actions need a protocol: setUp(...).protocols(kafka().topic(...))");
        }

        @Override
        public Function1<KafkaProtocol, KafkaComponents> newComponents(CoreComponents core) {
          return protocol -> KafkaRun.of(core).components(protocol);
        }
      };
}
