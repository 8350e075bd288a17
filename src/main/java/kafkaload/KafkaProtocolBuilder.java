package kafkaload;

import io.gatling.core.protocol.Protocol;
import io.gatling.javaapi.core.ProtocolBuilder;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.ClientSecurity;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.SaslLogins;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.protocol.Producers;
import kafkaload.internal.protocol.ProtocolParts;
import kafkaload.internal.protocol.ProtocolResolver;
import kafkaload.internal.schema.RegistryOAuth;
import kafkaload.internal.schema.RegistrySettings;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SubjectStrategy;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * Immutable builder of the Kafka protocol, in the manner of Gatling's {@code http.baseUrl(..)}:
 * every method returns a new builder. Kafka's own property names are kept; the typed helpers only
 * spell the common ones. It describes; {@link #protocol()} resolves (the -D properties, the
 * environment, the properties file) when Gatling asks for the protocol.
 */
public final class KafkaProtocolBuilder implements ProtocolBuilder {
  /** -D property and environment variable that point every simulation at a real cluster. */
  public static final String BOOTSTRAP_PROPERTY = ProtocolResolver.BOOTSTRAP_PROPERTY;

  /** Environment variable with the effect of {@link #BOOTSTRAP_PROPERTY}; the -D property wins. */
  public static final String BOOTSTRAP_ENV = ProtocolResolver.BOOTSTRAP_ENV;

  /** -D property naming a client properties file (the Kafka CLI's --command-config format). */
  public static final String CLIENT_CONFIG_PROPERTY = ClientProperties.CLIENT_CONFIG_PROPERTY;

  /** -D property: N embedded brokers as child processes (a KRaft cluster faults can act on). */
  public static final String EMBEDDED_BROKERS_PROPERTY = ProtocolResolver.EMBEDDED_BROKERS_PROPERTY;

  /** -D property: the protocol's isolation.level (Kafka's consumer property name and values). */
  public static final String ISOLATION_PROPERTY = ProtocolResolver.ISOLATION_PROPERTY;

  private final ProtocolParts parts;

  /** The seed plan's producer defaults: acks=1, linger.ms=1, batch.size=16384, lz4. */
  public KafkaProtocolBuilder() {
    this(ProtocolParts.DEFAULT);
    // The simulation building it: the -D names its own code holds are its own, not misspellings.
    kafkaload.internal.config.SimulationNames.recordCaller();
  }

  private KafkaProtocolBuilder(ProtocolParts parts) {
    this.parts = parts;
  }

  private KafkaProtocolBuilder with(ProtocolParts p) {
    return new KafkaProtocolBuilder(p);
  }

  /**
   * Reads this protocol's -D properties and environment (bootstrap, client config, security,
   * embedded brokers, health.*) from the simulation's snapshot: the summary lists all it read.
   */
  public KafkaProtocolBuilder params(Params params) {
    return with(parts.withParams(params.snapshot()));
  }

  /** Bootstrap servers; -Dkafka.bootstrap.servers, KAFKA_BOOTSTRAP_SERVERS win. Unset: embedded. */
  public KafkaProtocolBuilder bootstrapServers(String servers) {
    return with(parts.withTarget(parts.target().withBootstrapServers(servers)));
  }

  /** The default topic of send actions. */
  public KafkaProtocolBuilder topic(String topic) {
    return with(parts.withTopics(parts.topics().withTopic(topic)));
  }

  /**
   * Sends without a topic of their own spread over {@code count} topics, {@code prefix-0} to {@code
   * prefix-(count-1)}, round robin per record; preflight checks (and creates, as planned) them in
   * batches. {@code -Dtopics} wins over the count.
   */
  public KafkaProtocolBuilder topics(String prefix, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("topics(prefix, count): count must be at least 1");
    }
    return with(parts.withTopics(parts.topics().withTopic(prefix).withCount(count)));
  }

  /** Any KafkaProducer property, with Kafka's own name. */
  public KafkaProtocolBuilder property(String key, Object value) {
    return properties(Collections.singletonMap(key, value));
  }

  /** Several KafkaProducer properties at once, each as {@link #property} sets it. */
  public KafkaProtocolBuilder properties(Map<String, ?> props) {
    return with(parts.withClient(parts.client().with(props, false, false)));
  }

  /** A client properties file (path or classpath resource); properties set in code win. */
  public KafkaProtocolBuilder propertiesFile(String path) {
    return with(parts.withClient(parts.client().withFile(path)));
  }

  /**
   * SASL/PLAIN credentials; security.protocol becomes SASL_PLAINTEXT, or SASL_SSL with a
   * truststore. Take the password from the environment: {@code Secrets.env("KAFKA_SASL_PASSWORD")}.
   */
  public KafkaProtocolBuilder saslPlain(String username, String password) {
    return security(ClientSecurity.sasl("PLAIN", username, password), true, false);
  }

  /** SASL/SCRAM; {@code mechanism} is SCRAM-SHA-256 or SCRAM-SHA-512. See {@link #saslPlain}. */
  public KafkaProtocolBuilder saslScram(String mechanism, String username, String password) {
    return security(ClientSecurity.scram(mechanism, username, password), true, false);
  }

  /** TLS: trust the CAs in this truststore; security.protocol becomes SSL, or SASL_SSL. */
  public KafkaProtocolBuilder sslTruststore(String location, String password) {
    return security(ClientSecurity.truststore(location, password), false, true);
  }

  /** mTLS: this client's certificate and key (ssl.keystore.*, ssl.key.password may be null). */
  public KafkaProtocolBuilder sslKeystore(String location, String password, String keyPassword) {
    return security(ClientSecurity.keystore(location, password, keyPassword), false, true);
  }

  /**
   * SASL/OAUTHBEARER with an OIDC identity provider: Kafka's login handler fetches a token from
   * {@code tokenEndpointUrl} (client-credentials grant) and refreshes it; {@code scope} may be
   * null. Secret: {@code Secrets.env("KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET")}.
   */
  public KafkaProtocolBuilder saslOAuthBearer(
      String tokenEndpointUrl, String clientId, String clientSecret, String scope) {
    return security(
        SaslLogins.oauthbearer(tokenEndpointUrl, clientId, clientSecret, scope), true, false);
  }

  /**
   * SASL/GSSAPI (Kerberos) as {@code principal}, from {@code keytab} or, when null, kinit's ticket
   * cache; {@code serviceName}: the brokers' (often "kafka"). KDC and realm from krb5.conf.
   */
  public KafkaProtocolBuilder saslGssapi(String principal, String keytab, String serviceName) {
    return security(SaslLogins.gssapi(serviceName, principal, keytab), true, false);
  }

  /**
   * AWS_MSK_IAM (aws-msk-iam-auth, with -Pmsk-iam): the AWS default credentials or the named
   * profile, {@code roleArn} assumed if given (both may be null); security.protocol SASL_SSL.
   */
  public KafkaProtocolBuilder saslAwsMskIam(String profileName, String roleArn) {
    return security(SaslLogins.awsMskIam(profileName, roleArn), true, true);
  }

  private KafkaProtocolBuilder security(Map<String, String> p, boolean sasl, boolean tls) {
    return with(parts.withClient(parts.client().with(p, sasl, tls)));
  }

  /** acks: "0", "1" (the default here), "all" ("-1"): replicas holding a record before its ack. */
  public KafkaProtocolBuilder acks(String acks) {
    return property(ProducerConfig.ACKS_CONFIG, acks);
  }

  /** linger.ms: how long the producer waits to fill a batch (1 ms here unless set). */
  public KafkaProtocolBuilder lingerMs(long ms) {
    return property(ProducerConfig.LINGER_MS_CONFIG, ms);
  }

  /** batch.size: the largest batch per partition, in bytes (16384 unless set). */
  public KafkaProtocolBuilder batchSize(int bytes) {
    return property(ProducerConfig.BATCH_SIZE_CONFIG, bytes);
  }

  /** none, gzip, snappy, lz4 or zstd. */
  public KafkaProtocolBuilder compressionType(String codec) {
    return property(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec);
  }

  /** enable.idempotence: retries without duplicates; needs acks=all, which protocol() checks. */
  public KafkaProtocolBuilder enableIdempotence(boolean enabled) {
    return property(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, enabled);
  }

  /** retries: without idempotence a retry can write a record twice. */
  public KafkaProtocolBuilder retries(int retries) {
    return property(ProducerConfig.RETRIES_CONFIG, retries);
  }

  /** max.in.flight.requests.per.connection: unacknowledged requests per broker connection. */
  public KafkaProtocolBuilder maxInFlightRequestsPerConnection(int max) {
    return property(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, max);
  }

  /** buffer.memory: bytes the producer may buffer; when full, send() waits up to max.block.ms. */
  public KafkaProtocolBuilder bufferMemory(long bytes) {
    return property(ProducerConfig.BUFFER_MEMORY_CONFIG, bytes);
  }

  /** max.request.size: the largest request in bytes; a bigger record fails its send (a KO). */
  public KafkaProtocolBuilder maxRequestSize(int bytes) {
    return property(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, bytes);
  }

  /**
   * The prefix of the transactional producers' ids (Kafka's {@code transactional.id}, completed
   * with "-N"); unset, ids are unique per run and injector. A distributed run needs {@code
   * {injector}} in it (replaced with the injector's index), or is refused.
   */
  public KafkaProtocolBuilder transactionalIdPrefix(String prefix) {
    return property(ProducerConfig.TRANSACTIONAL_ID_CONFIG, prefix);
  }

  /** One producer shared by all virtual users (the default). */
  public KafkaProtocolBuilder sharedProducer() {
    return with(parts.withProducers(Producers.SHARED));
  }

  /** A pool of n producers; virtual user i uses producer i mod n. */
  public KafkaProtocolBuilder producerPool(int n) {
    return with(parts.withProducers(Producers.pool(n)));
  }

  /** One producer per virtual user, closed when the user ends: JMeter's one-producer-per-thread. */
  public KafkaProtocolBuilder producerPerUser() {
    return with(parts.withProducers(Producers.PER_USER));
  }

  /** Preflight creates the default topic when missing, with these partitions and replication. */
  public KafkaProtocolBuilder createTopic(int partitions, int replicationFactor) {
    KafkaLoadConfigException.refuseIf(
        partitions < 1 || replicationFactor < 1,
        "createTopic(" + partitions + ", " + replicationFactor + "): both must be >= 1");
    return with(
        parts.with(parts.topics().plan().withCreate(partitions, (short) replicationFactor)));
  }

  /** Planned producers: preflight warns when the topic has fewer partitions; strict fails. */
  public KafkaProtocolBuilder concurrency(int users, boolean strict) {
    return with(parts.with(parts.topics().plan().withConcurrency(users, strict)));
  }

  /** How long the cluster gets to answer preflight and the admin calls (10 s unless set). */
  public KafkaProtocolBuilder bootstrapTimeoutMs(long ms) {
    return with(parts.with(parts.topics().plan().withBootstrapTimeoutMs(ms)));
  }

  /**
   * min.insync.replicas of the topic preflight creates. With acks=all, preflight also fails when a
   * partition of the topic has fewer in-sync replicas than its min.insync.replicas.
   */
  public KafkaProtocolBuilder minInsyncReplicas(int n) {
    KafkaLoadConfigException.refuseIf(n < 1, "minInsyncReplicas(" + n + "): must be >= 1");
    return with(parts.with(parts.topics().plan().withMinInsyncReplicas(n)));
  }

  /**
   * A topic config ({@code flush.messages}, {@code retention.ms}, ...) of the topics preflight
   * creates, beside min.insync.replicas; a topic that exists keeps its own.
   */
  public KafkaProtocolBuilder topicConfig(String name, String value) {
    KafkaLoadConfigException.refuseIf(
        name == null || name.isBlank() || value == null,
        "topicConfig(" + name + ", " + value + "): both needed");
    return with(parts.with(parts.topics().plan().withConfig(name, value)));
  }

  /**
   * With no bootstrap servers: {@code n} embedded brokers as child processes (a KRaft cluster)
   * instead of the in-JVM broker, so topics can be replicated and broker faults kill and restart
   * them. {@code -Dkafka.embedded.brokers} wins; a bootstrap makes it moot.
   */
  public KafkaProtocolBuilder embeddedBrokers(int n) {
    return with(parts.withTarget(parts.target().withEmbeddedBrokers(n)));
  }

  /**
   * Whether every record carries the run-identity headers (kafkaload.run, .user, .seq) the
   * reconciliation counts duplicates, gaps and reordering with. On by default.
   */
  public KafkaProtocolBuilder runIdentity(boolean enabled) {
    return with(parts.withRequests(parts.requests().withRunIdentity(enabled)));
  }

  /**
   * The share of records sent (0 to 1, each record drawn at random) that carry a W3C {@code
   * traceparent} header, so a traced system under test links its spans to the load's records; the
   * request-reply and consume actions read it back, and the Kafka page lists the slowest sampled
   * records' trace ids (docs/tracing.md). Off (0) by default; {@code -Dtrace.sampleRatio} wins.
   */
  public KafkaProtocolBuilder traceSampleRatio(double ratio) {
    return with(parts.withRequests(parts.requests().withTraceSampleRatio(ratio)));
  }

  /**
   * Consumer groups under test: their lag is sampled every {@code intervalMs} during the run, and
   * judged after it by {@code lagVerdict()}.
   */
  public KafkaProtocolBuilder lagMonitor(long intervalMs, String... groups) {
    return with(parts.withLag(parts.lag().withGroups(intervalMs, groups)));
  }

  /**
   * What the lag monitor measures against: "read_committed", the last stable offset (records of
   * open or aborted transactions are no lag), or "read_uncommitted", the high-water mark. Unset:
   * the protocol's {@link #isolationLevel}.
   */
  public KafkaProtocolBuilder lagIsolationLevel(String level) {
    var isolation = ConsumerFactory.isolationLevel(level, "lagIsolationLevel");
    return with(parts.withLag(parts.lag().withIsolationLevel(isolation)));
  }

  /**
   * isolation.level of the protocol's readers unless an action sets one, and of the lag monitor:
   * "read_committed" (committed transactions only; end-to-end latency includes the wait for the
   * commit) or "read_uncommitted" (Kafka's default). {@code -Disolation.level} wins.
   */
  public KafkaProtocolBuilder isolationLevel(String level) {
    var isolation = ConsumerFactory.isolationLevel(level, "isolationLevel");
    return with(parts.withRequests(parts.requests().withIsolationLevel(isolation)));
  }

  /**
   * The Schema Registry (Confluent's {@code schema.registry.url}; also in the properties file;
   * -Dschema.registry.url wins). Unset: an embedded test double, started when a schema is used.
   */
  public KafkaProtocolBuilder schemaRegistry(String url) {
    return property(RegistrySettings.URL, url);
  }

  /**
   * Basic auth to the registry, "user:password" ({@code basic.auth.user.info}), never printed:
   * {@code Secrets.env("SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO")}.
   */
  public KafkaProtocolBuilder schemaRegistryBasicAuth(String userInfo) {
    return property(RegistrySettings.USER_INFO, userInfo)
        .property(RegistrySettings.CREDENTIALS_SOURCE, "USER_INFO");
  }

  /**
   * OAuth to the registry, client-credentials grant (Confluent's {@code bearer.auth.*}; scope may
   * be null). Secret: {@code Secrets.env("SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET")}.
   */
  public KafkaProtocolBuilder schemaRegistryOAuth(
      String issuerEndpointUrl, String clientId, String clientSecret, String scope) {
    return properties(RegistryOAuth.properties(issuerEndpointUrl, clientId, clientSecret, scope));
  }

  /**
   * TLS to an https registry ({@code schema.registry.ssl.truststore.*}; JKS, or PKCS12 for a
   * .p12/.pfx); the password may be null, else from the environment. Never printed.
   */
  public KafkaProtocolBuilder schemaRegistryTruststore(String location, String password) {
    return properties(RegistryTls.truststore(location, password));
  }

  /** Mutual TLS to the registry ({@code schema.registry.ssl.keystore.*}; key password: null ok). */
  public KafkaProtocolBuilder schemaRegistryKeystore(
      String location, String password, String keyPassword) {
    return properties(RegistryTls.keystore(location, password, keyPassword));
  }

  /** auto.register.schemas: register each send's schema (true, the default), or look it up. */
  public KafkaProtocolBuilder autoRegisterSchemas(boolean enabled) {
    return property(RegistrySettings.AUTO_REGISTER, enabled);
  }

  /** use.latest.version: write with the subject's latest schema and id (false unless set). */
  public KafkaProtocolBuilder useLatestVersion(boolean enabled) {
    return property(RegistrySettings.USE_LATEST, enabled);
  }

  /** value.subject.name.strategy: Topic (default), Record or TopicRecord NameStrategy. */
  public KafkaProtocolBuilder valueSubjectNameStrategy(String strategy) {
    return property(RegistrySettings.VALUE_STRATEGY, SubjectStrategy.of(strategy).name());
  }

  /** key.subject.name.strategy: as {@link #valueSubjectNameStrategy}, for keys. */
  public KafkaProtocolBuilder keySubjectNameStrategy(String strategy) {
    return property(RegistrySettings.KEY_STRATEGY, SubjectStrategy.of(strategy).name());
  }

  /** The default timeout of request-reply actions (10 s unless set). */
  public KafkaProtocolBuilder replyTimeout(Duration timeout) {
    return with(parts.withRequests(parts.requests().withReplyTimeout(timeout)));
  }

  /**
   * The settings resolved against the -D properties and the environment, which win over code, and
   * checked as far as no broker is needed; a problem throws KafkaLoadConfigException naming it.
   */
  @Override
  public Protocol protocol() {
    return resolved();
  }

  /** {@link #protocol()} as the package's own code and tests take it. */
  KafkaProtocol resolved() {
    return ProtocolResolver.resolve(parts);
  }

  /** A client properties file (a path or classpath resource), as the Kafka CLI reads it. */
  public static Properties loadPropertiesFile(String path) {
    return ClientProperties.load(path);
  }
}
