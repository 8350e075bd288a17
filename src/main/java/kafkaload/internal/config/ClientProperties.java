package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The client properties a protocol builder was given: the code's, the file, and the security layers
 * the typed helpers asked for ({@code sasl}/{@code tls}). security.protocol is settled in {@link
 * #resolve} once every source is known, so SCRAM added to a file's SASL_SSL never downgrades it.
 */
public record ClientProperties(
    Map<String, Object> properties, String file, boolean sasl, boolean tls) {
  /**
   * -D property naming a client properties file (the format of the Kafka CLI's --command-config).
   */
  public static final String CLIENT_CONFIG_PROPERTY = "kafka.client.config";

  /** The seed plan's capacity-test producer: acks=1, no retries to hide duplicates, lz4. */
  public static final ClientProperties DEFAULT =
      new ClientProperties(defaults(), null, false, false);

  private static Map<String, Object> defaults() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.LINGER_MS_CONFIG, "1");
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, "16384");
    p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    return p;
  }

  public ClientProperties {
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** These properties over the ones set; {@code addSasl}/{@code addTls}: layers to add. */
  public ClientProperties with(Map<String, ?> more, boolean addSasl, boolean addTls) {
    Map<String, Object> p = new LinkedHashMap<>(properties);
    more.forEach((k, v) -> p.put(k, v == null ? null : String.valueOf(v)));
    return new ClientProperties(p, file, sasl || addSasl, tls || addTls);
  }

  public ClientProperties withFile(String path) {
    return new ClientProperties(properties, path, sasl, tls);
  }

  /** In force: the file, the code's over it, the -D security layer over both; security.protocol. */
  public Map<String, Object> resolve(ParamSnapshot params) {
    Map<String, Object> props = new LinkedHashMap<>();
    String path = file != null ? file : params.raw(CLIENT_CONFIG_PROPERTY);
    if (path != null) {
      load(path).forEach((k, v) -> props.put((String) k, v));
    }
    props.putAll(properties);
    ClientSecurity.Settings cli = ClientSecurity.from(params::raw, params::env);
    props.putAll(cli.properties());
    String securityProtocol =
        ClientSecurity.protocol(
            props.get(ClientSecurity.SECURITY_PROTOCOL), sasl || cli.sasl(), tls || cli.tls());
    props.putAll(present(ClientSecurity.SECURITY_PROTOCOL, securityProtocol));
    return props;
  }

  /** A client properties file (path or classpath resource), as the Kafka CLI's --command-config. */
  public static Properties load(String path) {
    Properties p = new Properties();
    try (InputStream in = open(path)) {
      refuseIf(in == null, "Kafka client properties file not found: " + path);
      p.load(in);
    } catch (IOException e) {
      throw new KafkaLoadConfigException(
          "Cannot read Kafka client properties file " + path + ": " + e.getMessage());
    }
    return p;
  }

  /** The file at {@code path}, else the class path's resource of that name; null when neither. */
  public static InputStream open(String path) throws IOException {
    Path file = Paths.get(path);
    return Files.isRegularFile(file)
        ? Files.newInputStream(file)
        : ClientProperties.class.getClassLoader().getResourceAsStream(path);
  }

  /** The pairs with a value: a null password leaves the file's (or environment's) in place. */
  public static Map<String, String> present(String... keyValues) {
    Map<String, String> p = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      if (keyValues[i + 1] != null) {
        p.put(keyValues[i], keyValues[i + 1]);
      }
    }
    return p;
  }
}
