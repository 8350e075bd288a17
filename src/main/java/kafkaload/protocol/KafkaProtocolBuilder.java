package kafkaload.protocol;

import io.gatling.javaapi.core.ProtocolBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import kafkaload.config.ClientSecurity;
import kafkaload.config.KafkaLoadConfigException;
import kafkaload.config.Params;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Immutable builder of the Kafka protocol, in the manner of Gatling's {@code http.baseUrl(..)}: every method returns
 * a new builder. Kafka's own property names are kept; the typed helpers only spell the common ones.
 */
public final class KafkaProtocolBuilder implements ProtocolBuilder {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaProtocolBuilder.class);

  /** -D property and environment variable that point every simulation at a real cluster. */
  public static final String BOOTSTRAP_PROPERTY = "kafka.bootstrap.servers";
  public static final String BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP_SERVERS";
  /** -D property naming a client properties file (the format of the Kafka CLI's --command-config). */
  public static final String CLIENT_CONFIG_PROPERTY = "kafka.client.config";
  /** -D property: run N embedded brokers as child processes (a KRaft cluster that faults can act on). */
  public static final String EMBEDDED_BROKERS_PROPERTY = "kafka.embedded.brokers";

  // Never changed after construction: every public method changes a fresh copy (see copy()).
  private String bootstrapServers;
  private String topic;
  private Map<String, Object> properties;
  private String propertiesFile;
  private ProducerMode producerMode = ProducerMode.SHARED;
  private int poolSize = 1;
  private TopicPlan topicPlan = TopicPlan.DEFAULT;
  private boolean runIdentity = true;
  private List<String> lagGroups = List.of();
  private long lagIntervalMs = 2000;
  private long replyTimeoutMs = 10_000;
  // Which layers the typed security helpers asked for; security.protocol is settled in protocol(), once every
  // source (file, code, -D) is known, so adding SCRAM to a file's SASL_SSL never downgrades it to SASL_PLAINTEXT.
  private boolean sasl;
  private boolean tls;
  private int embeddedBrokers;

  public KafkaProtocolBuilder() {
    this.properties = Collections.unmodifiableMap(defaults());
  }

  private KafkaProtocolBuilder copy(java.util.function.Consumer<KafkaProtocolBuilder> change) {
    KafkaProtocolBuilder b = new KafkaProtocolBuilder();
    b.bootstrapServers = bootstrapServers;
    b.topic = topic;
    b.properties = properties;
    b.propertiesFile = propertiesFile;
    b.producerMode = producerMode;
    b.poolSize = poolSize;
    b.topicPlan = topicPlan;
    b.runIdentity = runIdentity;
    b.lagGroups = lagGroups;
    b.lagIntervalMs = lagIntervalMs;
    b.replyTimeoutMs = replyTimeoutMs;
    b.sasl = sasl;
    b.tls = tls;
    b.embeddedBrokers = embeddedBrokers;
    change.accept(b);
    return b;
  }

  /** The seed test plan's recommendation for capacity tests: one ack per record, no retries that hide duplicates. */
  private static Map<String, Object> defaults() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "1");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, "16384");
    p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    return p;
  }

  private KafkaProtocolBuilder with(Map<String, Object> props) {
    return copy(b -> b.properties = Collections.unmodifiableMap(props));
  }

  private KafkaProtocolBuilder with(TopicPlan plan) {
    return copy(b -> b.topicPlan = plan);
  }

  /** Bootstrap servers; -Dkafka.bootstrap.servers and KAFKA_BOOTSTRAP_SERVERS win over this. Unset: embedded broker. */
  public KafkaProtocolBuilder bootstrapServers(String servers) {
    return copy(b -> b.bootstrapServers = servers);
  }

  /** The default topic of send actions. */
  public KafkaProtocolBuilder topic(String topic) {
    return copy(b -> b.topic = topic);
  }

  /** Any KafkaProducer property, with Kafka's own name. */
  public KafkaProtocolBuilder property(String key, Object value) {
    Map<String, Object> p = new LinkedHashMap<>(properties);
    p.put(key, value == null ? null : String.valueOf(value));
    return with(p);
  }

  public KafkaProtocolBuilder properties(Map<String, ?> props) {
    Map<String, Object> p = new LinkedHashMap<>(properties);
    props.forEach((k, v) -> p.put(k, v == null ? null : String.valueOf(v)));
    return with(p);
  }

  /** A client properties file (file system path or classpath resource); properties set in code win over it. */
  public KafkaProtocolBuilder propertiesFile(String path) {
    return copy(b -> b.propertiesFile = path);
  }

  /**
   * SASL/PLAIN credentials (sasl.mechanism, sasl.jaas.config); security.protocol becomes SASL_PLAINTEXT, or SASL_SSL
   * with a truststore. Take the password from the environment, e.g. {@code Secrets.env("KAFKA_SASL_PASSWORD")}.
   */
  public KafkaProtocolBuilder saslPlain(String username, String password) {
    return security(ClientSecurity.sasl("PLAIN", username, password), true, false);
  }

  /** SASL/SCRAM credentials; {@code mechanism} is SCRAM-SHA-256 or SCRAM-SHA-512. See {@link #saslPlain}. */
  public KafkaProtocolBuilder saslScram(String mechanism, String username, String password) {
    if (mechanism == null || !mechanism.trim().toUpperCase(java.util.Locale.ROOT).startsWith("SCRAM-")) {
      throw new KafkaLoadConfigException("saslScram: mechanism '" + mechanism + "' is not SCRAM-SHA-256 or SCRAM-SHA-512");
    }
    return security(ClientSecurity.sasl(mechanism, username, password), true, false);
  }

  /** TLS: trust the CAs in this truststore (ssl.truststore.*); security.protocol becomes SSL, or SASL_SSL. */
  public KafkaProtocolBuilder sslTruststore(String location, String password) {
    return security(ClientSecurity.truststore(location, password), false, true);
  }

  /** mTLS: this client's certificate and key (ssl.keystore.*, ssl.key.password may be null). */
  public KafkaProtocolBuilder sslKeystore(String location, String password, String keyPassword) {
    return security(ClientSecurity.keystore(location, password, keyPassword), false, true);
  }

  private KafkaProtocolBuilder security(Map<String, String> settings, boolean addSasl, boolean addTls) {
    Map<String, Object> p = new LinkedHashMap<>(properties);
    p.putAll(settings);
    return copy(b -> {
      b.properties = Collections.unmodifiableMap(p);
      b.sasl |= addSasl;
      b.tls |= addTls;
    });
  }

  public KafkaProtocolBuilder acks(String acks) {
    return property(ProducerConfig.ACKS_CONFIG, acks);
  }

  public KafkaProtocolBuilder lingerMs(long ms) {
    return property(ProducerConfig.LINGER_MS_CONFIG, ms);
  }

  public KafkaProtocolBuilder batchSize(int bytes) {
    return property(ProducerConfig.BATCH_SIZE_CONFIG, bytes);
  }

  /** none, gzip, snappy, lz4 or zstd. */
  public KafkaProtocolBuilder compressionType(String codec) {
    return property(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec);
  }

  public KafkaProtocolBuilder enableIdempotence(boolean enabled) {
    return property(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, enabled);
  }

  public KafkaProtocolBuilder retries(int retries) {
    return property(ProducerConfig.RETRIES_CONFIG, retries);
  }

  public KafkaProtocolBuilder maxInFlightRequestsPerConnection(int max) {
    return property(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, max);
  }

  public KafkaProtocolBuilder bufferMemory(long bytes) {
    return property(ProducerConfig.BUFFER_MEMORY_CONFIG, bytes);
  }

  public KafkaProtocolBuilder maxRequestSize(int bytes) {
    return property(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, bytes);
  }

  /** One producer shared by all virtual users (the default). */
  public KafkaProtocolBuilder sharedProducer() {
    return copy(b -> {
      b.producerMode = ProducerMode.SHARED;
      b.poolSize = 1;
    });
  }

  /** A pool of n producers; virtual user i uses producer i mod n. */
  public KafkaProtocolBuilder producerPool(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("producerPool(" + n + "): the pool needs at least 1 producer");
    }
    return copy(b -> {
      b.producerMode = ProducerMode.POOL;
      b.poolSize = n;
    });
  }

  /** One producer per virtual user, closed when the user ends: JMeter's one-producer-per-thread. */
  public KafkaProtocolBuilder producerPerUser() {
    return copy(b -> {
      b.producerMode = ProducerMode.PER_USER;
      b.poolSize = 1;
    });
  }

  /** Preflight creates the default topic when missing, with these partitions and replication factor. */
  public KafkaProtocolBuilder createTopic(int partitions, int replicationFactor) {
    if (partitions < 1 || replicationFactor < 1) {
      throw new KafkaLoadConfigException("createTopic(" + partitions + ", " + replicationFactor + "): both must be >= 1");
    }
    TopicPlan p = topicPlan;
    return with(new TopicPlan(true, partitions, (short) replicationFactor, p.concurrency(), p.strictPartitions(),
        p.bootstrapTimeoutMs(), p.minInsyncReplicas()));
  }

  /** Planned concurrent producers (users): preflight warns when the topic has fewer partitions; strict fails. */
  public KafkaProtocolBuilder concurrency(int users, boolean strict) {
    TopicPlan p = topicPlan;
    return with(new TopicPlan(p.create(), p.partitions(), p.replicationFactor(), users, strict, p.bootstrapTimeoutMs(),
        p.minInsyncReplicas()));
  }

  public KafkaProtocolBuilder bootstrapTimeoutMs(long ms) {
    TopicPlan p = topicPlan;
    return with(new TopicPlan(p.create(), p.partitions(), p.replicationFactor(), p.concurrency(), p.strictPartitions(), ms,
        p.minInsyncReplicas()));
  }

  /**
   * The topic config min.insync.replicas of the topic preflight creates (Kafka's own name). With acks=all,
   * preflight also fails when a partition of the topic has fewer in-sync replicas than its min.insync.replicas.
   */
  public KafkaProtocolBuilder minInsyncReplicas(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("minInsyncReplicas(" + n + "): must be >= 1");
    }
    TopicPlan p = topicPlan;
    return with(new TopicPlan(p.create(), p.partitions(), p.replicationFactor(), p.concurrency(), p.strictPartitions(),
        p.bootstrapTimeoutMs(), n));
  }

  /**
   * With no bootstrap servers: start {@code n} embedded brokers as child processes (a KRaft cluster, static quorum)
   * instead of the single in-JVM broker, so that topics can be replicated and broker faults can kill and restart
   * them. {@code -Dkafka.embedded.brokers} wins over it. Ignored when a bootstrap is set.
   */
  public KafkaProtocolBuilder embeddedBrokers(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("embeddedBrokers(" + n + "): must be >= 1");
    }
    return copy(b -> b.embeddedBrokers = n);
  }

  /**
   * Whether every record carries the run-identity headers (kafkaload.run, kafkaload.user, kafkaload.seq) that the
   * reconciliation read-back counts duplicates, gaps and reordering with. On by default.
   */
  public KafkaProtocolBuilder runIdentity(boolean enabled) {
    return copy(b -> b.runIdentity = enabled);
  }

  /**
   * Consumer groups under test (for example the real service's): their lag is sampled every {@code intervalMs}
   * through AdminClient during the run, and judged after it by {@code lagVerdict()}.
   */
  public KafkaProtocolBuilder lagMonitor(long intervalMs, String... groups) {
    for (String g : groups) {
      if (g == null || g.isBlank()) {
        throw new KafkaLoadConfigException("lagMonitor: a consumer group name is empty");
      }
    }
    if (intervalMs < 100) {
      throw new KafkaLoadConfigException("lagMonitor: the sampling interval must be >= 100 ms, not " + intervalMs);
    }
    return copy(b -> {
      b.lagGroups = List.of(groups);
      b.lagIntervalMs = intervalMs;
    });
  }

  /** The default timeout of request-reply actions (10 s unless set). */
  public KafkaProtocolBuilder replyTimeout(java.time.Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KafkaLoadConfigException("replyTimeout(" + timeout + "): the timeout must be > 0");
    }
    return copy(b -> b.replyTimeoutMs = timeout.toMillis());
  }

  /** Validates everything that can be checked without a broker; throws KafkaLoadConfigException naming the problem. */
  @Override
  public KafkaProtocol protocol() {
    Map<String, Object> props = new LinkedHashMap<>();
    String file = propertiesFile != null ? propertiesFile : Params.raw(CLIENT_CONFIG_PROPERTY);
    if (file != null) {
      loadPropertiesFile(file).forEach((k, v) -> props.put((String) k, v));
    }
    props.putAll(properties);
    // -D and the environment win over code, as they do for the bootstrap: one simulation, any cluster.
    ClientSecurity.Settings cli = ClientSecurity.fromSystemProperties();
    props.putAll(cli.properties());
    String securityProtocol = ClientSecurity.protocol(props.get(ClientSecurity.SECURITY_PROTOCOL), sasl || cli.sasl(),
        tls || cli.tls());
    if (securityProtocol != null) {
      props.put(ClientSecurity.SECURITY_PROTOCOL, securityProtocol);
    }
    String bootstrap = firstNonBlank(Params.raw(BOOTSTRAP_PROPERTY), System.getenv(BOOTSTRAP_ENV), bootstrapServers,
        (String) props.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
    props.remove(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
    validate(props);
    int brokers = Params.raw(EMBEDDED_BROKERS_PROPERTY) != null
        ? Params.positiveInt(EMBEDDED_BROKERS_PROPERTY, 1) : embeddedBrokers;
    return new KafkaProtocol(bootstrap, topic, Collections.unmodifiableMap(props), producerMode, poolSize, topicPlan,
        runIdentity, lagGroups, lagIntervalMs, replyTimeoutMs, bootstrap == null ? brokers : 0);
  }

  private static String firstNonBlank(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    return null;
  }

  /** A client properties file (file path or classpath resource), as the Kafka CLI's --command-config reads it. */
  public static Properties loadPropertiesFile(String path) {
    Properties p = new Properties();
    Path fsPath = Paths.get(path);
    try (InputStream in = Files.isRegularFile(fsPath)
        ? Files.newInputStream(fsPath)
        : KafkaProtocolBuilder.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new KafkaLoadConfigException("Kafka client properties file not found: " + path);
      }
      p.load(in);
    } catch (IOException e) {
      throw new KafkaLoadConfigException("Cannot read Kafka client properties file " + path + ": " + e.getMessage());
    }
    return p;
  }

  /** Lets Kafka's own ConfigDef judge every value, so the error names the property exactly as Kafka would. */
  private static void validate(Map<String, Object> props) {
    Map<String, Object> check = new HashMap<>(props);
    check.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "validation.invalid:9092");
    check.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    check.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    try {
      new ProducerConfig(check);
    } catch (ConfigException e) {
      throw new KafkaLoadConfigException("Invalid Kafka producer property: " + e.getMessage());
    }
    Set<String> unknown = new TreeSet<>(props.keySet());
    unknown.removeAll(ProducerConfig.configNames());
    unknown.removeIf(kafkaload.config.ClientConnection::isSecuritySetting);
    if (!unknown.isEmpty()) {
      LOG.warn("Not KafkaProducer properties, ignored by the producer: {}", unknown);
    }
  }
}
