package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.GroupProtocol;
import org.apache.kafka.clients.consumer.RangeAssignor;

/**
 * One group protocol a churn plan runs under, as {@code -Dchurn.protocols} names it: {@code
 * classic-eager} (the classic protocol, Kafka's {@link RangeAssignor}: every partition revoked at
 * each rebalance), {@code classic-cooperative} (the classic protocol, {@link
 * CooperativeStickyAssignor}: only the partitions that move), {@code consumer} (KIP-848, the
 * broker's assignor), each with a {@code -static} variant that sets {@code group.instance.id}.
 * {@link #properties} gives the consumer's properties by Kafka's own names. Kafka 4.4's consumer
 * refuses {@code partition.assignment.strategy}, {@code session.timeout.ms} and {@code
 * heartbeat.interval.ms} under {@code group.protocol=consumer} (the broker's {@code
 * group.consumer.session.timeout.ms} and {@code group.consumer.heartbeat.interval.ms} rule there),
 * and {@code group.remote.assignor} under the classic protocol, so each protocol sets only its own.
 * Pure: {@link #parseList} takes the text and reads no property.
 */
public record ChurnProtocol(Kind kind, boolean staticMembership) {
  /** The protocols compared when none is named. */
  public static final String DEFAULT = "classic-eager,classic-cooperative,consumer";

  public enum Kind {
    CLASSIC_EAGER(GroupProtocol.CLASSIC, RangeAssignor.class.getName()),
    CLASSIC_COOPERATIVE(GroupProtocol.CLASSIC, CooperativeStickyAssignor.class.getName()),
    CONSUMER(GroupProtocol.CONSUMER, null);

    private final GroupProtocol groupProtocol;
    private final String assignor;

    Kind(GroupProtocol groupProtocol, String assignor) {
      this.groupProtocol = groupProtocol;
      this.assignor = assignor;
    }

    /** As written: "classic-eager". */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** As written in {@code -Dchurn.protocols}: "classic-cooperative-static". */
  public String name() {
    return kind.label() + (staticMembership ? "-static" : "");
  }

  public GroupProtocol groupProtocol() {
    return kind.groupProtocol;
  }

  /** Whether the consumer sets its session timeout ({@code session.timeout.ms}): classic only. */
  public boolean clientSessionTimeout() {
    return kind.groupProtocol == GroupProtocol.CLASSIC;
  }

  /**
   * The consumer's properties for this protocol: {@code group.protocol}, the classic protocol's
   * {@code partition.assignment.strategy}, and {@code group.instance.id} ({@code instanceId}) when
   * the membership is static; {@code instanceId} is not used otherwise.
   */
  public Map<String, String> properties(String instanceId) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, kind.groupProtocol.name().toLowerCase(Locale.ROOT));
    if (kind.assignor != null) {
      p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, kind.assignor);
    }
    if (staticMembership) {
      if (instanceId == null || instanceId.isBlank()) {
        throw new IllegalArgumentException(name() + " needs a group.instance.id");
      }
      p.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId);
    }
    return Collections.unmodifiableMap(p);
  }

  /**
   * The client's session timeout under the classic protocol ({@code session.timeout.ms}, and a
   * {@code heartbeat.interval.ms} at most a third of it); empty under KIP-848, where the broker's
   * {@code group.consumer.session.timeout.ms} decides and the consumer refuses both.
   */
  public Map<String, String> sessionTimeout(long sessionTimeoutMs) {
    if (!clientSessionTimeout()) {
      return Map.of();
    }
    return Map.of(
        ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
        String.valueOf(sessionTimeoutMs),
        ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
        String.valueOf(Math.min(3_000, sessionTimeoutMs / 3)));
  }

  /** Every name {@code -Dchurn.protocols} accepts, in order. */
  public static List<String> names() {
    return Stream.of(false, true)
        .flatMap(s -> Arrays.stream(Kind.values()).map(k -> new ChurnProtocol(k, s).name()))
        .toList();
  }

  /** One protocol by name; an unknown one is refused with the list of valid names. */
  public static ChurnProtocol of(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    boolean isStatic = n.endsWith("-static");
    String kind = isStatic ? n.substring(0, n.length() - "-static".length()) : n;
    for (Kind k : Kind.values()) {
      if (k.label().equals(kind)) {
        return new ChurnProtocol(k, isStatic);
      }
    }
    throw new KafkaLoadConfigException(
        "-Dchurn.protocols: '"
            + name.trim()
            + "' is not a group protocol; write one or more of "
            + String.join(", ", names())
            + " separated by commas");
  }

  /**
   * The protocols of {@code -Dchurn.protocols}, in the order written ({@link #DEFAULT} when blank);
   * an unknown or repeated name is refused.
   */
  public static List<ChurnProtocol> parseList(String text) {
    String t = text == null || text.isBlank() ? DEFAULT : text;
    List<ChurnProtocol> protocols = new ArrayList<>();
    for (String raw : t.split(",", -1)) {
      ChurnProtocol p = of(raw);
      if (protocols.contains(p)) {
        throw new KafkaLoadConfigException(
            "-Dchurn.protocols: '" + p.name() + "' is named twice; name each protocol once");
      }
      protocols.add(p);
    }
    return List.copyOf(protocols);
  }

  @Override
  public String toString() {
    return name();
  }
}
