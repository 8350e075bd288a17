package kafkaload.protocol;

import io.gatling.core.CoreComponents;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.core.protocol.Protocol;
import io.gatling.core.protocol.ProtocolKey;
import java.util.Map;
import kafkaload.broker.EmbeddedCluster;
import kafkaload.broker.EmbeddedKafka;
import scala.Function1;

/**
 * The validated, immutable Kafka protocol a simulation runs with. Built by {@link KafkaProtocolBuilder}.
 *
 * @param bootstrapServers where to connect, or null to start the embedded broker
 * @param topic the default topic of send actions, or null when every action names its own
 * @param producerProperties KafkaProducer properties, already checked against ProducerConfig
 * @param runIdentity stamp every record with run id, user id and sequence headers (for the read-back)
 * @param lagGroups consumer groups whose lag is sampled during the run and judged after it
 * @param lagIntervalMs how often their lag is sampled
 * @param replyTimeoutMs how long a request-reply waits for its reply unless the action says otherwise
 * @param embeddedBrokers with no bootstrap: 0 for the single in-JVM broker, N for N brokers in child processes
 */
public record KafkaProtocol(
    String bootstrapServers,
    String topic,
    Map<String, Object> producerProperties,
    ProducerMode producerMode,
    int poolSize,
    TopicPlan topicPlan,
    boolean runIdentity,
    java.util.List<String> lagGroups,
    long lagIntervalMs,
    long replyTimeoutMs,
    int embeddedBrokers)
    implements Protocol {

  /** Where this protocol connects: its bootstrap servers, or the embedded broker(s) (started on first use). */
  public String targetBootstrap() {
    if (bootstrapServers != null) {
      return bootstrapServers;
    }
    return embeddedBrokers > 0 ? EmbeddedCluster.shared(embeddedBrokers).bootstrapServers()
        : EmbeddedKafka.shared().bootstrapServers();
  }

  /** The embedded cluster of child-process brokers this protocol runs on, or null (external or in-JVM broker). */
  public EmbeddedCluster embeddedCluster() {
    return bootstrapServers == null && embeddedBrokers > 0 ? EmbeddedCluster.shared(embeddedBrokers) : null;
  }

  public static final ProtocolKey<KafkaProtocol, KafkaComponents> KEY = new ProtocolKey<>() {
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Class<Protocol> protocolClass() {
      return (Class) KafkaProtocol.class;
    }

    @Override
    public KafkaProtocol defaultProtocolValue(GatlingConfiguration configuration) {
      throw new IllegalStateException("Kafka actions need a protocol: setUp(...).protocols(kafka().topic(...))");
    }

    @Override
    public Function1<KafkaProtocol, KafkaComponents> newComponents(CoreComponents core) {
      return protocol -> KafkaComponents.start(protocol, core);
    }
  };
}
