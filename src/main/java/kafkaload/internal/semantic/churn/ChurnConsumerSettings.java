package kafkaload.internal.semantic.churn;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.admin.Connection;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What a {@link ChurnConsumer} process is given on its command line: the cluster, its topic and
 * group, the protocol, its name (its {@code client.id}, and its {@code group.instance.id} when the
 * membership is static, so that a restart under the same name is the same static member), and the
 * classic protocol's session timeout (unused under KIP-848, where the broker's decides), and the
 * file of the run's connection settings ({@code security.*}, {@code sasl.*}, {@code ssl.*}; {@value
 * #NO_FILE}: none), a file its parent wrote readable by its owner only, so that no secret is on a
 * command line.
 */
public record ChurnConsumerSettings(
    String bootstrap,
    String topic,
    String group,
    ChurnProtocol protocol,
    String name,
    long sessionTimeoutMs,
    long maxPollIntervalMs,
    String connectionFile) {
  /** No connection settings beyond the bootstrap. */
  public static final String NO_FILE = "-";

  public ChurnConsumerSettings {
    for (String s : List.of(bootstrap, topic, group, name, connectionFile)) {
      if (s.isBlank() || s.contains(" ")) {
        throw new IllegalArgumentException("a blank or spaced setting: '" + s + "'");
      }
    }
  }

  /** The consumer's properties, Kafka's names: offsets committed by the consumer, never auto. */
  public Properties consumerProperties() {
    Properties p = new Properties();
    if (!connectionFile.equals(NO_FILE)) {
      try (Reader in = Files.newBufferedReader(Path.of(connectionFile))) {
        p.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("the connection settings " + connectionFile, e);
      }
    }
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, name);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, String.valueOf(maxPollIntervalMs));
    p.putAll(protocol.properties(name));
    p.putAll(protocol.sessionTimeout(sessionTimeoutMs));
    return p;
  }

  /**
   * Writes the connection's security settings (none: {@link #NO_FILE}) to a new file only its owner
   * can read, for the consumers' {@code connectionFile}; the caller deletes it.
   */
  static String writeConnectionFile(Connection connection) throws IOException {
    Properties security = connection.properties();
    security.remove("bootstrap.servers");
    if (security.isEmpty()) {
      return NO_FILE;
    }
    Path file =
        Files.createTempFile(
            "kafkaload-churn-",
            ".properties",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Properties text = new Properties();
    security.forEach((k, v) -> text.put(k, String.valueOf(v)));
    try (Writer out = Files.newBufferedWriter(file)) {
      text.store(out, null);
    }
    return file.toString();
  }

  /** As {@code --name value} arguments, which {@link #fromArgs} reads back. */
  public List<String> toArgs() {
    return List.of(
        "--bootstrap",
        bootstrap,
        "--topic",
        topic,
        "--group",
        group,
        "--protocol",
        protocol.name(),
        "--name",
        name,
        "--session-timeout-ms",
        String.valueOf(sessionTimeoutMs),
        "--max-poll-interval-ms",
        String.valueOf(maxPollIntervalMs),
        "--connection-file",
        connectionFile);
  }

  /** From {@code --name value} arguments; a missing or unknown one fails naming it. */
  public static ChurnConsumerSettings fromArgs(String[] args) {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
      a.put(args[i].substring(2), args[++i]);
    }
    List<String> names =
        List.of(
            "bootstrap",
            "topic",
            "group",
            "protocol",
            "name",
            "session-timeout-ms",
            "max-poll-interval-ms",
            "connection-file");
    List<String> unknown = new ArrayList<>(a.keySet());
    unknown.removeAll(names);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown arguments: " + unknown);
    }
    for (String n : names) {
      if (!a.containsKey(n)) {
        throw new IllegalArgumentException("missing --" + n);
      }
    }
    return new ChurnConsumerSettings(
        a.get("bootstrap"),
        a.get("topic"),
        a.get("group"),
        ChurnProtocol.of(a.get("protocol")),
        a.get("name"),
        Long.parseLong(a.get("session-timeout-ms")),
        Long.parseLong(a.get("max-poll-interval-ms")),
        a.get("connection-file"));
  }
}
