package kafkaload.internal.semantic.share;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;

/**
 * The broker's bounds on a share group's lock and delivery limit ({@code
 * group.share.min/max.record.lock.duration.ms}, {@code group.share.min/max.delivery.count.limit}),
 * read before any load: a value the user set outside them is refused, naming both; a default of the
 * simulation's is moved inside them (a stock broker's lock is at least 15 s).
 */
public record ShareGroupBounds(Bound lockMs, Bound deliveryLimit) {
  public static final String LOCK = "share.record.lock.duration.ms";
  public static final String DELIVERY = "share.delivery.count.limit";

  /** One group config's bounds by their broker settings; a null end is not bounded. */
  public record Bound(String config, String minName, Integer min, String maxName, Integer max) {
    int clamp(int v) {
      int low = min == null ? v : Math.max(v, min);
      return max == null ? low : Math.min(low, max);
    }

    String describe() {
      return "%s=%s, %s=%s"
          .formatted(minName, min == null ? "unset" : min, maxName, max == null ? "unset" : max);
    }
  }

  /** The bounds in a broker's configs by Kafka's names (an absent one: unbounded). */
  static ShareGroupBounds of(Map<String, String> broker) {
    return new ShareGroupBounds(
        bound(broker, LOCK, "record.lock.duration.ms"),
        bound(broker, DELIVERY, "delivery.count.limit"));
  }

  /** The bounds of {@code config}: the broker's group.share.min/max.{@code setting}. */
  private static Bound bound(Map<String, String> broker, String config, String setting) {
    String min = "group.share.min." + setting;
    String max = "group.share.max." + setting;
    return new Bound(config, min, integer(broker.get(min)), max, integer(broker.get(max)));
  }

  /** A config's value as an integer; null when absent or not one. */
  static Integer integer(String v) {
    try {
      return v == null ? null : Integer.valueOf(v.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * One broker's bounds (describeConfigs on the BROKER resource); unbounded, with a note, when the
   * broker does not say (the group config is then left to the broker's own check).
   */
  public static ShareGroupBounds read(Admin admin, long timeoutMs) {
    try {
      return of(values(OffsetQueries.anyBrokerConfigs(admin, timeoutMs).config()));
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      Console.outf(
          "[kafkaload] share groups: the broker's bounds on the lock and delivery limit could not"
              + " be read (%s); the broker checks the group's configs itself%n",
          Preflight.rootMessage(e));
      return of(Map.of());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException("Interrupted while reading the broker's configs");
    }
  }

  /** A config's set values (null ones left out), by Kafka's names. */
  static Map<String, String> values(Config config) {
    return config.entries().stream()
        .filter(e -> e.value() != null)
        .collect(
            Collectors.toMap(ConfigEntry::name, ConfigEntry::value, (a, b) -> b, TreeMap::new));
  }

  /**
   * The spec with its defaults moved inside the bounds and set; refused before any load when a
   * value the user set is outside them.
   */
  public ShareConsumeSpec resolve(ShareConsumeSpec spec, String bootstrap) {
    Map<String, String> defaults = new LinkedHashMap<>(spec.configs().groupConfigDefaults());
    for (Bound b : List.of(lockMs, deliveryLimit)) {
      Integer set = integer(spec.configs().groupConfig().get(b.config()));
      if (set != null && b.clamp(set) != set) {
        throw KafkaLoadConfigException.refused(
            "Share group '%s': %s=%d is outside the broker's bounds (%s on the cluster at"
                + " '%s'); set a value inside them, or change the bounds on the brokers",
            spec.group(), b.config(), set, b.describe(), bootstrap);
      }
      Integer dflt = integer(defaults.get(b.config()));
      if (dflt != null) {
        defaults.put(b.config(), String.valueOf(b.clamp(dflt)));
      }
    }
    defaults.keySet().removeAll(spec.configs().groupConfig().keySet());
    return spec.withGroupConfig(defaults);
  }
}
