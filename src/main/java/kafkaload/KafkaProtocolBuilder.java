package kafkaload;

import io.gatling.javaapi.core.ProtocolBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.config.ClientSecurity;
import kafkaload.internal.config.InjectorBounds;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.SaslLogins;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.protocol.LagSettings;
import kafkaload.internal.protocol.Producers;
import kafkaload.internal.protocol.Requests;
import kafkaload.internal.protocol.RunContext;
import kafkaload.internal.protocol.Target;
import kafkaload.internal.protocol.Topics;
import kafkaload.internal.schema.RegistryOAuth;
import kafkaload.internal.schema.RegistrySettings;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SubjectStrategy;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Immutable builder of the Kafka protocol, in the manner of Gatling's {@code http.baseUrl(..)}:
 * every method returns a new builder. Kafka's own property names are kept; the typed helpers only
 * spell the common ones.
 */
public final class KafkaProtocolBuilder implements ProtocolBuilder {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaProtocolBuilder.class);

  /** -D property and environment variable that point every simulation at a real cluster. */
  public static final String BOOTSTRAP_PROPERTY = "kafka.bootstrap.servers";

  /**
   * Environment variable with the same effect as {@link #BOOTSTRAP_PROPERTY}, which wins when both
   * are set.
   */
  public static final String BOOTSTRAP_ENV = "KAFKA_BOOTSTRAP_SERVERS";

  /**
   * -D property naming a client properties file (the format of the Kafka CLI's --command-config).
   */
  public static final String CLIENT_CONFIG_PROPERTY = "kafka.client.config";

  /**
   * -D property: run N embedded brokers as child processes (a KRaft cluster that faults can act
   * on).
   */
  public static final String EMBEDDED_BROKERS_PROPERTY = "kafka.embedded.brokers";

  /** -D property: the protocol's isolation.level (Kafka's consumer property name and values). */
  public static final String ISOLATION_PROPERTY = "isolation.level";

  /**
   * The producer and security properties the code set, the properties file, and which security
   * layers the typed helpers asked for ({@code sasl}/{@code tls}). security.protocol is settled in
   * protocol(), once every source (file, code, -D) is known, so adding SCRAM to a file's SASL_SSL
   * never downgrades it to SASL_PLAINTEXT.
   */
  private record Client(Map<String, Object> properties, String file, boolean sasl, boolean tls) {
    Client {
      properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /**
     * These properties over the ones set; {@code addSasl}/{@code addTls}: security layers a typed
     * helper asks for.
     */
    Client with(Map<String, ?> more, boolean addSasl, boolean addTls) {
      Map<String, Object> p = new LinkedHashMap<>(properties);
      more.forEach((k, v) -> p.put(k, v == null ? null : String.valueOf(v)));
      return new Client(p, file, sasl || addSasl, tls || addTls);
    }

    Client withFile(String path) {
      return new Client(properties, path, sasl, tls);
    }
  }

  /**
   * Everything the builder was told, in small immutable parts; a builder method replaces one part.
   * {@link #protocol()} resolves them against the -D properties and the environment.
   *
   * @param params the simulation's parameter snapshot, or null to take one when the protocol is
   *     built
   */
  private record Parts(
      Target target,
      Client client,
      Producers producers,
      Topics topics,
      Requests requests,
      LagSettings lag,
      Params params) {}

  private final Parts parts;

  /**
   * A protocol with the seed plan's producer defaults (acks=1, linger.ms=1, batch.size=16384, lz4).
   */
  public KafkaProtocolBuilder() {
    this(
        new Parts(
            Target.EMBEDDED,
            new Client(defaults(), null, false, false),
            Producers.SHARED,
            Topics.NONE,
            Requests.DEFAULT,
            LagSettings.NONE,
            null));
  }

  private KafkaProtocolBuilder(Parts parts) {
    this.parts = parts;
  }

  private KafkaProtocolBuilder with(Target v) {
    return new KafkaProtocolBuilder(
        new Parts(
            v,
            parts.client(),
            parts.producers(),
            parts.topics(),
            parts.requests(),
            parts.lag(),
            parts.params()));
  }

  private KafkaProtocolBuilder with(Client v) {
    return new KafkaProtocolBuilder(
        new Parts(
            parts.target(),
            v,
            parts.producers(),
            parts.topics(),
            parts.requests(),
            parts.lag(),
            parts.params()));
  }

  private KafkaProtocolBuilder with(Producers v) {
    return new KafkaProtocolBuilder(
        new Parts(
            parts.target(),
            parts.client(),
            v,
            parts.topics(),
            parts.requests(),
            parts.lag(),
            parts.params()));
  }

  private KafkaProtocolBuilder with(Topics v) {
    return new KafkaProtocolBuilder(
        new Parts(
            parts.target(),
            parts.client(),
            parts.producers(),
            v,
            parts.requests(),
            parts.lag(),
            parts.params()));
  }

  private KafkaProtocolBuilder with(Requests v) {
    return new KafkaProtocolBuilder(
        new Parts(
            parts.target(),
            parts.client(),
            parts.producers(),
            parts.topics(),
            v,
            parts.lag(),
            parts.params()));
  }

  private KafkaProtocolBuilder with(LagSettings v) {
    return new KafkaProtocolBuilder(
        new Parts(
            parts.target(),
            parts.client(),
            parts.producers(),
            parts.topics(),
            parts.requests(),
            v,
            parts.params()));
  }

  private KafkaProtocolBuilder with(Params v) {
    return new KafkaProtocolBuilder(
        new Parts(
            parts.target(),
            parts.client(),
            parts.producers(),
            parts.topics(),
            parts.requests(),
            parts.lag(),
            v));
  }

  private KafkaProtocolBuilder with(TopicPlan plan) {
    return with(parts.topics().withPlan(plan));
  }

  /**
   * The seed test plan's recommendation for capacity tests: one ack per record, no retries that
   * hide duplicates.
   */
  private static Map<String, Object> defaults() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "1");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, "16384");
    p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    return p;
  }

  /**
   * Reads the -D properties and environment this protocol honours (kafka.bootstrap.servers,
   * kafka.client.config, security, kafka.embedded.brokers, health.*) from this snapshot, the
   * simulation's own, instead of taking a fresh one when the run starts; the run's summary then
   * lists every parameter the simulation read.
   */
  public KafkaProtocolBuilder params(Params params) {
    return with(params);
  }

  /**
   * Bootstrap servers; -Dkafka.bootstrap.servers and KAFKA_BOOTSTRAP_SERVERS win over this. Unset:
   * embedded broker.
   */
  public KafkaProtocolBuilder bootstrapServers(String servers) {
    return with(parts.target().withBootstrapServers(servers));
  }

  /** The default topic of send actions. */
  public KafkaProtocolBuilder topic(String topic) {
    return with(parts.topics().withTopic(topic));
  }

  /** Any KafkaProducer property, with Kafka's own name. */
  public KafkaProtocolBuilder property(String key, Object value) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(key, value);
    return with(parts.client().with(p, false, false));
  }

  /**
   * Several KafkaProducer properties at once, with Kafka's own names, each as {@link #property}
   * sets it.
   */
  public KafkaProtocolBuilder properties(Map<String, ?> props) {
    return with(parts.client().with(props, false, false));
  }

  /**
   * A client properties file (file system path or classpath resource); properties set in code win
   * over it.
   */
  public KafkaProtocolBuilder propertiesFile(String path) {
    return with(parts.client().withFile(path));
  }

  /**
   * SASL/PLAIN credentials (sasl.mechanism, sasl.jaas.config); security.protocol becomes
   * SASL_PLAINTEXT, or SASL_SSL with a truststore. Take the password from the environment, e.g.
   * {@code Secrets.env("KAFKA_SASL_PASSWORD")}.
   */
  public KafkaProtocolBuilder saslPlain(String username, String password) {
    return security(ClientSecurity.sasl("PLAIN", username, password), true, false);
  }

  /**
   * SASL/SCRAM credentials; {@code mechanism} is SCRAM-SHA-256 or SCRAM-SHA-512. See {@link
   * #saslPlain}.
   */
  public KafkaProtocolBuilder saslScram(String mechanism, String username, String password) {
    if (mechanism == null || !mechanism.trim().toUpperCase(Locale.ROOT).startsWith("SCRAM-")) {
      throw new KafkaLoadConfigException(
          "saslScram: mechanism '" + mechanism + "' is not SCRAM-SHA-256 or SCRAM-SHA-512");
    }
    return security(ClientSecurity.sasl(mechanism, username, password), true, false);
  }

  /**
   * TLS: trust the CAs in this truststore (ssl.truststore.*); security.protocol becomes SSL, or
   * SASL_SSL.
   */
  public KafkaProtocolBuilder sslTruststore(String location, String password) {
    return security(ClientSecurity.truststore(location, password), false, true);
  }

  /** mTLS: this client's certificate and key (ssl.keystore.*, ssl.key.password may be null). */
  public KafkaProtocolBuilder sslKeystore(String location, String password, String keyPassword) {
    return security(ClientSecurity.keystore(location, password, keyPassword), false, true);
  }

  /**
   * SASL/OAUTHBEARER with an OIDC identity provider: Kafka's own login handler fetches a token from
   * {@code tokenEndpointUrl} with the client-credentials grant and refreshes it before it expires
   * (sasl.oauthbearer.token.endpoint.url, sasl.oauthbearer.client.credentials.client.id and
   * .client.secret, sasl.oauthbearer.scope, which may be null). Take the secret from the
   * environment, e.g. {@code Secrets.env("KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET")}.
   */
  public KafkaProtocolBuilder saslOAuthBearer(
      String tokenEndpointUrl, String clientId, String clientSecret, String scope) {
    return security(
        SaslLogins.oauthbearer(tokenEndpointUrl, clientId, clientSecret, scope), true, false);
  }

  /**
   * SASL/GSSAPI (Kerberos) as {@code principal}, from {@code keytab}, or from the ticket cache
   * (kinit's) when the keytab is null; {@code serviceName} is the brokers' Kerberos service name
   * (sasl.kerberos.service.name, often "kafka"). The KDC and realm come from krb5.conf
   * (-Djava.security.krb5.conf, else the JDK's default location).
   */
  public KafkaProtocolBuilder saslGssapi(String principal, String keytab, String serviceName) {
    return security(SaslLogins.gssapi(serviceName, principal, keytab), true, false);
  }

  /**
   * AWS_MSK_IAM with Amazon's aws-msk-iam-auth (run with -Pmsk-iam: it is not on the default
   * classpath): credentials from the AWS default chain, or the named profile; {@code roleArn}, if
   * given, is assumed. Both may be null. security.protocol becomes SASL_SSL, as MSK requires.
   */
  public KafkaProtocolBuilder saslAwsMskIam(String profileName, String roleArn) {
    return security(SaslLogins.awsMskIam(profileName, roleArn), true, true);
  }

  private KafkaProtocolBuilder security(
      Map<String, String> security, boolean addSasl, boolean addTls) {
    return with(parts.client().with(security, addSasl, addTls));
  }

  /**
   * acks: "0", "1" (the default here) or "all" (also "-1"); how many replicas must have a record
   * before its ack.
   */
  public KafkaProtocolBuilder acks(String acks) {
    return property(ProducerConfig.ACKS_CONFIG, acks);
  }

  /**
   * linger.ms: how long the producer waits to fill a batch before sending it (1 ms here unless
   * set).
   */
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

  /**
   * enable.idempotence: retries without duplicates; Kafka requires acks=all with it, which
   * protocol() checks.
   */
  public KafkaProtocolBuilder enableIdempotence(boolean enabled) {
    return property(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, enabled);
  }

  /**
   * retries: how often a failed send is retried; without idempotence a retry can write a record
   * twice.
   */
  public KafkaProtocolBuilder retries(int retries) {
    return property(ProducerConfig.RETRIES_CONFIG, retries);
  }

  /** max.in.flight.requests.per.connection: unacknowledged requests per broker connection. */
  public KafkaProtocolBuilder maxInFlightRequestsPerConnection(int max) {
    return property(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, max);
  }

  /**
   * buffer.memory: bytes the producer may buffer; when it is full, send() waits up to max.block.ms.
   */
  public KafkaProtocolBuilder bufferMemory(long bytes) {
    return property(ProducerConfig.BUFFER_MEMORY_CONFIG, bytes);
  }

  /** max.request.size: the largest request in bytes; a bigger record fails its send (a KO). */
  public KafkaProtocolBuilder maxRequestSize(int bytes) {
    return property(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, bytes);
  }

  /**
   * The prefix of the transactional producers' ids (Kafka's {@code transactional.id}, which
   * transactional sends take as a prefix and complete with "-N"); unset, ids are unique per run and
   * injector. In a distributed run it must contain {@code {injector}}, replaced with the injector's
   * index, or the run is refused.
   */
  public KafkaProtocolBuilder transactionalIdPrefix(String prefix) {
    return property(ProducerConfig.TRANSACTIONAL_ID_CONFIG, prefix);
  }

  /** One producer shared by all virtual users (the default). */
  public KafkaProtocolBuilder sharedProducer() {
    return with(Producers.SHARED);
  }

  /** A pool of n producers; virtual user i uses producer i mod n. */
  public KafkaProtocolBuilder producerPool(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException(
          "producerPool(" + n + "): the pool needs at least 1 producer");
    }
    return with(Producers.pool(n));
  }

  /** One producer per virtual user, closed when the user ends: JMeter's one-producer-per-thread. */
  public KafkaProtocolBuilder producerPerUser() {
    return with(Producers.PER_USER);
  }

  /**
   * Preflight creates the default topic when missing, with these partitions and replication factor.
   */
  public KafkaProtocolBuilder createTopic(int partitions, int replicationFactor) {
    if (partitions < 1 || replicationFactor < 1) {
      throw new KafkaLoadConfigException(
          "createTopic(" + partitions + ", " + replicationFactor + "): both must be >= 1");
    }
    return with(parts.topics().plan().withCreate(partitions, (short) replicationFactor));
  }

  /**
   * Planned concurrent producers (users): preflight warns when the topic has fewer partitions;
   * strict fails.
   */
  public KafkaProtocolBuilder concurrency(int users, boolean strict) {
    return with(parts.topics().plan().withConcurrency(users, strict));
  }

  /**
   * How long the cluster gets to answer preflight and the other admin calls (10 s unless set); a
   * bootstrap that does not answer in time fails preflight with a line naming it.
   */
  public KafkaProtocolBuilder bootstrapTimeoutMs(long ms) {
    return with(parts.topics().plan().withBootstrapTimeoutMs(ms));
  }

  /**
   * The topic config min.insync.replicas of the topic preflight creates (Kafka's own name). With
   * acks=all, preflight also fails when a partition of the topic has fewer in-sync replicas than
   * its min.insync.replicas.
   */
  public KafkaProtocolBuilder minInsyncReplicas(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("minInsyncReplicas(" + n + "): must be >= 1");
    }
    return with(parts.topics().plan().withMinInsyncReplicas(n));
  }

  /**
   * With no bootstrap servers: start {@code n} embedded brokers as child processes (a KRaft
   * cluster, static quorum) instead of the single in-JVM broker, so that topics can be replicated
   * and broker faults can kill and restart them. {@code -Dkafka.embedded.brokers} wins over it.
   * Ignored when a bootstrap is set.
   */
  public KafkaProtocolBuilder embeddedBrokers(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("embeddedBrokers(" + n + "): must be >= 1");
    }
    return with(parts.target().withEmbeddedBrokers(n));
  }

  /**
   * Whether every record carries the run-identity headers (kafkaload.run, kafkaload.user,
   * kafkaload.seq) that the reconciliation read-back counts duplicates, gaps and reordering with.
   * On by default.
   */
  public KafkaProtocolBuilder runIdentity(boolean enabled) {
    return with(parts.requests().withRunIdentity(enabled));
  }

  /**
   * Consumer groups under test (for example the real service's): their lag is sampled every {@code
   * intervalMs} through AdminClient during the run, and judged after it by {@code lagVerdict()}.
   */
  public KafkaProtocolBuilder lagMonitor(long intervalMs, String... groups) {
    for (String g : groups) {
      if (g == null || g.isBlank()) {
        throw new KafkaLoadConfigException("lagMonitor: a consumer group name is empty");
      }
    }
    if (intervalMs < 100) {
      throw new KafkaLoadConfigException(
          "lagMonitor: the sampling interval must be >= 100 ms, not " + intervalMs);
    }
    return with(new LagSettings(List.of(groups), intervalMs, parts.lag().isolationLevel()));
  }

  /**
   * What the lag monitor measures lag against, by Kafka's isolation.level values: {@code
   * "read_committed"}, each partition's last stable offset (records of open or aborted transactions
   * are no lag, since a read_committed group cannot consume them), or {@code "read_uncommitted"},
   * the high-water mark. Unset: the protocol's {@link #isolationLevel}.
   */
  public KafkaProtocolBuilder lagIsolationLevel(String level) {
    return with(
        parts.lag().withIsolationLevel(ConsumerFactory.isolationLevel(level, "lagIsolationLevel")));
  }

  /**
   * isolation.level of every reader of the protocol unless its action sets one (consume,
   * request-reply, drain) and of the lag monitor: {@code "read_committed"} (records of committed
   * transactions only, up to the last stable offset; end-to-end latency then includes the wait for
   * the commit) or {@code "read_uncommitted"} (Kafka's default). {@code -Disolation.level} wins.
   */
  public KafkaProtocolBuilder isolationLevel(String level) {
    return with(
        parts
            .requests()
            .withIsolationLevel(ConsumerFactory.isolationLevel(level, "isolationLevel")));
  }

  /**
   * The Schema Registry of sends and replies with schemas (Confluent's {@code schema.registry.url};
   * also in the properties file, and -Dschema.registry.url wins). Unset: an embedded registry (a
   * test double) is started when a schema is first used.
   */
  public KafkaProtocolBuilder schemaRegistry(String url) {
    return property(RegistrySettings.URL, url);
  }

  /**
   * Basic auth for the registry, "user:password" (Confluent's {@code basic.auth.user.info}); take
   * it from the environment, e.g. {@code Secrets.env("SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO")}.
   * Never printed.
   */
  public KafkaProtocolBuilder schemaRegistryBasicAuth(String userInfo) {
    return property(RegistrySettings.USER_INFO, userInfo)
        .property(RegistrySettings.CREDENTIALS_SOURCE, "USER_INFO");
  }

  /**
   * OAuth to the registry with the client-credentials grant (Confluent's {@code
   * bearer.auth.credentials.source=OAUTHBEARER}, {@code bearer.auth.issuer.endpoint.url}, {@code
   * bearer.auth.client.id}, {@code bearer.auth.client.secret}, {@code bearer.auth.scope}, which may
   * be null). Take the secret from the environment, e.g. {@code
   * Secrets.env("SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET")}. Never printed.
   */
  public KafkaProtocolBuilder schemaRegistryOAuth(
      String issuerEndpointUrl, String clientId, String clientSecret, String scope) {
    return properties(
        present(
            RegistryOAuth.CREDENTIALS_SOURCE,
            "OAUTHBEARER",
            RegistryOAuth.ISSUER_ENDPOINT_URL,
            issuerEndpointUrl,
            RegistryOAuth.CLIENT_ID,
            clientId,
            RegistryOAuth.CLIENT_SECRET,
            clientSecret,
            RegistryOAuth.SCOPE,
            scope));
  }

  /**
   * TLS to an https registry: trust the CAs in this truststore (Confluent's {@code
   * schema.registry.ssl.truststore.*}; JKS, or PKCS12 for a .p12/.pfx name, unless
   * schema.registry.ssl.truststore.type says). The password may be null; take it from the
   * environment, e.g. {@code Secrets.env("SCHEMA_REGISTRY_SSL_TRUSTSTORE_PASSWORD")}. Never
   * printed.
   */
  public KafkaProtocolBuilder schemaRegistryTruststore(String location, String password) {
    return properties(
        present(
            RegistryTls.TRUSTSTORE_LOCATION, location, RegistryTls.TRUSTSTORE_PASSWORD, password));
  }

  /**
   * Mutual TLS to the registry: this client's certificate and key ({@code
   * schema.registry.ssl.keystore.*} and {@code schema.registry.ssl.key.password}, which may be
   * null: the keystore's password then opens the key).
   */
  public KafkaProtocolBuilder schemaRegistryKeystore(
      String location, String password, String keyPassword) {
    return properties(
        present(
            RegistryTls.KEYSTORE_LOCATION,
            location,
            RegistryTls.KEYSTORE_PASSWORD,
            password,
            RegistryTls.KEY_PASSWORD,
            keyPassword));
  }

  /**
   * The pairs whose value is given: a null password leaves the properties file's (or the
   * environment's) in place.
   */
  private static Map<String, String> present(String... keyValues) {
    Map<String, String> p = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      if (keyValues[i + 1] != null) {
        p.put(keyValues[i], keyValues[i + 1]);
      }
    }
    return p;
  }

  /**
   * auto.register.schemas: register each send's schema (true, the default), or only look it up
   * (false).
   */
  public KafkaProtocolBuilder autoRegisterSchemas(boolean enabled) {
    return property(RegistrySettings.AUTO_REGISTER, enabled);
  }

  /** use.latest.version: write with the subject's latest schema and id (false unless set). */
  public KafkaProtocolBuilder useLatestVersion(boolean enabled) {
    return property(RegistrySettings.USE_LATEST, enabled);
  }

  /**
   * value.subject.name.strategy: TopicNameStrategy (default), RecordNameStrategy or
   * TopicRecordNameStrategy.
   */
  public KafkaProtocolBuilder valueSubjectNameStrategy(String strategy) {
    return property(RegistrySettings.VALUE_STRATEGY, SubjectStrategy.of(strategy).name());
  }

  /** key.subject.name.strategy: as {@link #valueSubjectNameStrategy}, for keys. */
  public KafkaProtocolBuilder keySubjectNameStrategy(String strategy) {
    return property(RegistrySettings.KEY_STRATEGY, SubjectStrategy.of(strategy).name());
  }

  /** The default timeout of request-reply actions (10 s unless set). */
  public KafkaProtocolBuilder replyTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KafkaLoadConfigException("replyTimeout(" + timeout + "): the timeout must be > 0");
    }
    return with(parts.requests().withReplyTimeoutMs(timeout.toMillis()));
  }

  /**
   * Resolves the settings against the -D properties and the environment, which win over code (one
   * simulation, any cluster), and validates everything that can be checked without a broker; throws
   * KafkaLoadConfigException naming the problem.
   */
  @Override
  public KafkaProtocol protocol() {
    Params params = parts.params() != null ? parts.params() : Params.fromSystemProperties();
    Client client = parts.client();
    Map<String, Object> props = new LinkedHashMap<>();
    String file = client.file() != null ? client.file() : params.raw(CLIENT_CONFIG_PROPERTY);
    if (file != null) {
      loadPropertiesFile(file).forEach((k, v) -> props.put((String) k, v));
    }
    props.putAll(client.properties());
    ClientSecurity.Settings cli = ClientSecurity.from(params::raw, params::env);
    props.putAll(cli.properties());
    String securityProtocol =
        ClientSecurity.protocol(
            props.get(ClientSecurity.SECURITY_PROTOCOL),
            client.sasl() || cli.sasl(),
            client.tls() || cli.tls());
    if (securityProtocol != null) {
      props.put(ClientSecurity.SECURITY_PROTOCOL, securityProtocol);
    }
    String bootstrap =
        firstNonBlank(
            params.raw(BOOTSTRAP_PROPERTY),
            params.env(BOOTSTRAP_ENV),
            parts.target().bootstrapServers(),
            (String) props.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
    props.remove(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
    RegistrySettings registry = registry(props, params);
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
                ConsumerFactory.isolationLevel(isolation, "-D" + ISOLATION_PROPERTY));
    return new KafkaProtocol(
        new Target(bootstrap, brokers).resolved(),
        Collections.unmodifiableMap(props),
        parts.producers(),
        parts.topics(),
        requests,
        parts.lag(),
        registry,
        new RunContext(injectorBounds(params), params.used(), params.injector()));
  }

  /**
   * The registry settings, with Confluent's names, taken out of the client properties (file and
   * code); a -D property wins. The basic auth secret comes from the properties file, the code, or
   * the environment (SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO), never from -D; or from the URL's user
   * info with basic.auth.credentials.source=URL, as Confluent's clients take it.
   */
  private static RegistrySettings registry(Map<String, Object> props, Params params) {
    Map<String, String> file = new HashMap<>();
    for (String k :
        List.of(
            RegistrySettings.URL,
            RegistrySettings.CREDENTIALS_SOURCE,
            RegistrySettings.USER_INFO,
            RegistrySettings.AUTO_REGISTER,
            RegistrySettings.USE_LATEST,
            RegistrySettings.KEY_STRATEGY,
            RegistrySettings.VALUE_STRATEGY,
            RegistryTls.TRUSTSTORE_LOCATION,
            RegistryTls.TRUSTSTORE_PASSWORD,
            RegistryTls.TRUSTSTORE_TYPE,
            RegistryTls.KEYSTORE_LOCATION,
            RegistryTls.KEYSTORE_PASSWORD,
            RegistryTls.KEY_PASSWORD,
            RegistryTls.KEYSTORE_TYPE,
            RegistryOAuth.CREDENTIALS_SOURCE,
            RegistryOAuth.ISSUER_ENDPOINT_URL,
            RegistryOAuth.CLIENT_ID,
            RegistryOAuth.CLIENT_SECRET,
            RegistryOAuth.SCOPE,
            RegistryOAuth.EXPIRY_BUFFER)) {
      Object v = props.remove(k);
      if (v != null) {
        file.put(k, v.toString().trim());
      }
    }
    String url = firstNonBlank(params.raw(RegistrySettings.URL), file.get(RegistrySettings.URL));
    String source =
        params.oneOf(
            RegistrySettings.CREDENTIALS_SOURCE,
            file.getOrDefault(RegistrySettings.CREDENTIALS_SOURCE, "USER_INFO"),
            "user_info",
            "url");
    String userInfo =
        firstNonBlank(
            file.get(RegistrySettings.USER_INFO), params.env(RegistrySettings.USER_INFO_ENV));
    if (source.equals("url") && url != null) {
      URI u = URI.create(url);
      userInfo =
          u.getRawUserInfo() == null
              ? null
              : URLDecoder.decode(u.getRawUserInfo(), StandardCharsets.UTF_8);
      url = url.replaceFirst("//[^@/]*@", "//");
    }
    boolean autoRegister =
        params.bool(
            RegistrySettings.AUTO_REGISTER,
            Boolean.parseBoolean(file.getOrDefault(RegistrySettings.AUTO_REGISTER, "true")));
    boolean useLatest =
        params.bool(
            RegistrySettings.USE_LATEST,
            Boolean.parseBoolean(file.getOrDefault(RegistrySettings.USE_LATEST, "false")));
    SubjectStrategy key =
        SubjectStrategy.of(
            params.string(
                RegistrySettings.KEY_STRATEGY,
                file.getOrDefault(RegistrySettings.KEY_STRATEGY, "TopicNameStrategy")));
    SubjectStrategy value =
        SubjectStrategy.of(
            params.string(
                RegistrySettings.VALUE_STRATEGY,
                file.getOrDefault(RegistrySettings.VALUE_STRATEGY, "TopicNameStrategy")));
    // Locations and types: -D wins. Passwords: the properties file or code, else the environment;
    // never -D.
    RegistryTls tls =
        new RegistryTls(
            firstNonBlank(
                params.raw(RegistryTls.TRUSTSTORE_LOCATION),
                file.get(RegistryTls.TRUSTSTORE_LOCATION)),
            firstNonBlank(
                file.get(RegistryTls.TRUSTSTORE_PASSWORD),
                params.env(RegistryTls.TRUSTSTORE_PASSWORD_ENV)),
            firstNonBlank(
                params.raw(RegistryTls.TRUSTSTORE_TYPE), file.get(RegistryTls.TRUSTSTORE_TYPE)),
            firstNonBlank(
                params.raw(RegistryTls.KEYSTORE_LOCATION), file.get(RegistryTls.KEYSTORE_LOCATION)),
            firstNonBlank(
                file.get(RegistryTls.KEYSTORE_PASSWORD),
                params.env(RegistryTls.KEYSTORE_PASSWORD_ENV)),
            firstNonBlank(
                file.get(RegistryTls.KEY_PASSWORD), params.env(RegistryTls.KEY_PASSWORD_ENV)),
            firstNonBlank(
                params.raw(RegistryTls.KEYSTORE_TYPE), file.get(RegistryTls.KEYSTORE_TYPE)));
    return new RegistrySettings(
        url, userInfo, autoRegister, useLatest, key, value, tls, registryOAuth(file, params));
  }

  /**
   * bearer.auth.* with bearer.auth.credentials.source=OAUTHBEARER: -D wins for what is not secret;
   * the client secret comes from the properties file or code, else the environment; never -D.
   */
  private static RegistryOAuth registryOAuth(Map<String, String> file, Params params) {
    String source =
        params.oneOf(
            RegistryOAuth.CREDENTIALS_SOURCE,
            file.getOrDefault(RegistryOAuth.CREDENTIALS_SOURCE, "NONE"),
            "none",
            "oauthbearer");
    if (!source.equals("oauthbearer")) {
      return null;
    }
    String endpoint =
        firstNonBlank(
            params.raw(RegistryOAuth.ISSUER_ENDPOINT_URL),
            file.get(RegistryOAuth.ISSUER_ENDPOINT_URL));
    String clientId =
        firstNonBlank(params.raw(RegistryOAuth.CLIENT_ID), file.get(RegistryOAuth.CLIENT_ID));
    for (String[] required :
        new String[][] {
          {RegistryOAuth.ISSUER_ENDPOINT_URL, endpoint}, {RegistryOAuth.CLIENT_ID, clientId}
        }) {
      if (required[1] == null) {
        throw new KafkaLoadConfigException(
            RegistryOAuth.CREDENTIALS_SOURCE + "=OAUTHBEARER needs " + required[0]);
      }
    }
    if (!endpoint.matches("(?i)https?://.+")) {
      throw new KafkaLoadConfigException(
          RegistryOAuth.ISSUER_ENDPOINT_URL + "=" + endpoint + " is not an http(s):// URL");
    }
    String secret =
        kafkaload.internal.config.Secrets.require(
            RegistryOAuth.CLIENT_SECRET_ENV,
            firstNonBlank(
                file.get(RegistryOAuth.CLIENT_SECRET),
                params.env(RegistryOAuth.CLIENT_SECRET_ENV)));
    return new RegistryOAuth(
        endpoint,
        clientId,
        secret,
        firstNonBlank(params.raw(RegistryOAuth.SCOPE), file.get(RegistryOAuth.SCOPE)),
        params.nonNegativeInt(
            RegistryOAuth.EXPIRY_BUFFER,
            Integer.parseInt(
                file.getOrDefault(
                    RegistryOAuth.EXPIRY_BUFFER,
                    String.valueOf(RegistryOAuth.DEFAULT_EXPIRY_BUFFER_SECONDS)))));
  }

  /** When the injector counts as saturated: the -Dhealth.* parameters. */
  private static InjectorBounds injectorBounds(Params params) {
    return new InjectorBounds(
        params.percent("health.cpuPct", 90),
        params.positiveInt("health.windowSeconds", 10),
        params.percent("health.gcPct", 10),
        params.nonNegativeDouble("health.gcPauseMs", 1000),
        params.nonNegativeDouble("health.bufferWaitRatio", 0.1),
        params.nonNegativeDouble("health.eventLoopDelayMs", 100));
  }

  private static String firstNonBlank(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    return null;
  }

  /**
   * A client properties file (file path or classpath resource), as the Kafka CLI's --command-config
   * reads it.
   */
  public static Properties loadPropertiesFile(String path) {
    Properties p = new Properties();
    Path fsPath = Paths.get(path);
    try (InputStream in =
        Files.isRegularFile(fsPath)
            ? Files.newInputStream(fsPath)
            : KafkaProtocolBuilder.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new KafkaLoadConfigException("Kafka client properties file not found: " + path);
      }
      p.load(in);
    } catch (IOException e) {
      throw new KafkaLoadConfigException(
          "Cannot read Kafka client properties file " + path + ": " + e.getMessage());
    }
    return p;
  }

  /**
   * Lets Kafka's own ConfigDef judge every value, so the error names the property exactly as Kafka
   * would.
   */
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
    unknown.removeIf(Connection::isSecuritySetting);
    if (!unknown.isEmpty()) {
      LOG.warn("Not KafkaProducer properties, ignored by the producer: {}", unknown);
    }
  }
}
