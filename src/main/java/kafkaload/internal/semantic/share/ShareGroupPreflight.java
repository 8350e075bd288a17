package kafkaload.internal.semantic.share;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.SupportedVersionRange;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A share-group action's checks before any load: the cluster has share groups ({@code
 * share.version} ≥ 1, Kafka 4.2's default), and the group's configs are set by {@code
 * incrementalAlterConfigs} on the GROUP resource, each refusal naming the setting.
 */
public final class ShareGroupPreflight {
  /** The feature that turns share groups on in a KRaft cluster. */
  public static final String FEATURE = "share.version";

  private ShareGroupPreflight() {}

  /** Fails, naming the feature, version and fix, unless the cluster has share groups. */
  public static void checkShareGroups(Admin admin, String bootstrap, long timeoutMs) {
    FeatureMetadata features;
    try {
      features = admin.describeFeatures().featureMetadata().get(timeoutMs, MILLISECONDS);
    } catch (ExecutionException e) {
      throw new KafkaLoadConfigException(
          ("Share groups: the features of the cluster at '%s' could not be read (%s); share groups"
                  + " need a KRaft cluster of Kafka 4.2 or later")
              .formatted(bootstrap, Preflight.rootMessage(e)));
    } catch (TimeoutException e) {
      throw new KafkaLoadConfigException(
          "Share groups: the cluster at '%s' did not describe its features within %s ms"
              .formatted(bootstrap, timeoutMs));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException("Interrupted while reading the cluster's features");
    }
    String problem =
        problem(
            features.finalizedFeatures().get(FEATURE), features.supportedFeatures().get(FEATURE));
    refuseIf(
        problem != null,
        "Share groups (KIP-932) are not available on the cluster at '%s' (%s): %s"
            .formatted(
                bootstrap,
                brokerVersion(features.finalizedFeatures().get("metadata.version")),
                problem));
  }

  /** The broker setting that sizes the share-group state topic (Kafka's default: 3). */
  static final String STATE_RF = "share.coordinator.state.topic.replication.factor";

  /** The topic where the share coordinator keeps every share-partition's state. */
  static final String STATE_TOPIC = "__share_group_state";

  /**
   * The share-group state topic exists, or the broker can create it: its replication factor above
   * the brokers (a single stock broker, Kafka's default 3) leaves it uncreated, and the share
   * consumers then acquire nothing, silently. Fails naming the broker setting; creates nothing.
   */
  public static void checkStateTopic(Admin admin, String bootstrap, long timeoutMs) {
    try {
      if (OffsetQueries.described(admin, STATE_TOPIC, timeoutMs).isPresent()) {
        return;
      }
    } catch (KafkaLoadConfigException notAllowedToLook) {
      // A client without DESCRIBE on the internal topic: the broker's setting tells.
    }
    Optional<String> refusal;
    try {
      OffsetQueries.BrokerConfigs broker = OffsetQueries.anyBrokerConfigs(admin, timeoutMs);
      ConfigEntry rf = broker.config().get(STATE_RF);
      if (rf == null || rf.value() == null) {
        return; // a broker without the setting has no share coordinator to judge here
      }
      refusal = stateTopicRefusal(broker.brokers(), Integer.parseInt(rf.value()));
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // As the bounds: a client that may not read the broker's configs is not refused for it;
      // a group that then acquires nothing is a KO with its reason (acquireTimeout).
      Console.outf(
          "[kafkaload] share groups: the broker's %s could not be read (%s); not checked%n",
          STATE_RF, Preflight.rootMessage(e));
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException(
          "Interrupted while reading the share coordinator's settings");
    }
    refuseIf(
        refusal.isPresent(),
        "Share groups cannot run on the cluster at '" + bootstrap + "': " + refusal.orElse(null));
  }

  /** Why {@code brokers} brokers cannot create the state topic with this factor, or empty. */
  static Optional<String> stateTopicRefusal(int brokers, int replicationFactor) {
    if (replicationFactor <= brokers) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            "the broker setting %s=%s is above the cluster's %s broker(s), so the share-group "
                + "state topic %s cannot be created and no share consumer would acquire a record. "
                + "Set %s=%s on the broker(s), or add brokers",
            STATE_RF, replicationFactor, brokers, STATE_TOPIC, STATE_RF, brokers));
  }

  /** Why share.version (finalized, supported; null if absent) means no share groups, or null. */
  static String problem(FinalizedVersionRange finalized, SupportedVersionRange supported) {
    if (finalized != null && finalized.maxVersionLevel() >= 1) {
      return null;
    }
    if (supported == null || supported.maxVersion() < 1) {
      return "the broker does not know the feature "
          + FEATURE
          + "; upgrade the cluster to Kafka 4.2 or later (share groups are production-ready there)";
    }
    return String.format(
        "the feature %s is %s (the broker supports up to %s); enable it with: "
            + "kafka-features.sh --bootstrap-server <broker> upgrade --feature %s=%s (on Kafka "
            + "before 4.2, share groups are a preview)",
        FEATURE,
        finalized == null ? "not enabled" : "at level " + finalized.maxVersionLevel(),
        supported.maxVersion(),
        FEATURE,
        supported.maxVersion());
  }

  /** The release of the cluster's metadata.version, e.g. "metadata.version 3.9-IV0". */
  static String brokerVersion(FinalizedVersionRange mv) {
    if (mv == null) {
      return "metadata.version unknown";
    }
    try {
      return "metadata.version " + MetadataVersion.fromFeatureLevel(mv.maxVersionLevel());
    } catch (IllegalArgumentException unknown) {
      return "metadata.version level " + mv.maxVersionLevel();
    }
  }

  /**
   * Sets the group's configs by Kafka's names before its consumers join, and returns the group's
   * configs as the broker has them (its defaults included) once it shows the ones set.
   */
  public static Map<String, String> configureGroup(
      Admin admin, String group, Map<String, String> configs, long timeoutMs) {
    if (!configs.isEmpty()) {
      alter(admin, group, configs, timeoutMs);
    }
    return shown(admin, group, configs, timeoutMs);
  }

  private static void alter(
      Admin admin, String group, Map<String, String> configs, long timeoutMs) {
    List<AlterConfigOp> ops = new ArrayList<>();
    configs.forEach(
        (k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
    ConfigResource r = new ConfigResource(ConfigResource.Type.GROUP, group);
    try {
      admin.incrementalAlterConfigs(Map.of(r, ops)).all().get(timeoutMs, MILLISECONDS);
    } catch (ExecutionException e) {
      throw new KafkaLoadConfigException(
          "Share group '%s': the broker refused its settings %s: %s"
              .formatted(group, configs, Preflight.rootMessage(e)));
    } catch (TimeoutException e) {
      throw new KafkaLoadConfigException(
          "Share group '%s': setting %s timed out after %s ms"
              .formatted(group, configs, timeoutMs));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException("Interrupted while configuring share group " + group);
    }
  }

  /**
   * The group's configs once the broker shows the ones {@code set}: an alter goes through the
   * controller, and a broker that has not applied it yet still shows the defaults (a delivery limit
   * read that way miscounts the archive; a consumer joining then gets the default lock).
   */
  private static Map<String, String> shown(
      Admin admin, String group, Map<String, String> set, long timeoutMs) {
    long deadline = System.nanoTime() + MILLISECONDS.toNanos(timeoutMs);
    ConfigResource r = new ConfigResource(ConfigResource.Type.GROUP, group);
    try {
      while (true) {
        // The group's configs as the broker has them now (its defaults included).
        Map<String, String> now =
            ShareGroupBounds.values(
                admin.describeConfigs(List.of(r)).all().get(timeoutMs, MILLISECONDS).get(r));
        Optional<String> stale =
            set.entrySet().stream()
                .filter(e -> !e.getValue().equals(now.get(e.getKey())))
                .map(e -> e.getKey() + "=" + now.get(e.getKey()) + " (set " + e.getValue() + ")")
                .findFirst();
        if (stale.isEmpty()) {
          return now;
        }
        if (System.nanoTime() >= deadline) {
          throw new KafkaLoadConfigException(
              "Share group '%s': the broker still has %s after %s ms"
                  .formatted(group, stale.get(), timeoutMs));
        }
        Thread.sleep(50);
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new KafkaLoadConfigException(
          "Share group '%s': its configs could not be read: %s"
              .formatted(group, Preflight.rootMessage(e)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException("Interrupted while reading share group " + group);
    }
  }
}
