package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What a {@link ChurnConsumer} process is given on its command line: the cluster, its topic and
 * group, the protocol, its name (its {@code client.id}, and its {@code group.instance.id} when the
 * membership is static, so that a restart under the same name is the same static member), and the
 * classic protocol's session timeout (unused under KIP-848, where the broker's decides).
 */
public record ChurnConsumerSettings(
    String bootstrap,
    String topic,
    String group,
    ChurnProtocol protocol,
    String name,
    long sessionTimeoutMs,
    long maxPollIntervalMs) {

  public ChurnConsumerSettings {
    for (String s : List.of(bootstrap, topic, group, name)) {
      if (s.isBlank() || s.contains(" ")) {
        throw new IllegalArgumentException("a blank or spaced setting: '" + s + "'");
      }
    }
  }

  /** The consumer's properties, Kafka's names: offsets committed by the consumer, never auto. */
  public Properties consumerProperties() {
    Properties p = new Properties();
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
        String.valueOf(maxPollIntervalMs));
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
            "max-poll-interval-ms");
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
        Long.parseLong(a.get("max-poll-interval-ms")));
  }
}
