package kafkaload.internal.broker;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Node;

/** The wait for an embedded cluster's brokers to be registered with its controller. */
final class BrokerRegistration {
  private BrokerRegistration() {}

  /** Waits until the controller lists every one of these brokers as registered and unfenced. */
  static void await(
      String bootstrap, Set<Integer> ids, long deadlineNanos, Duration timeout, Path logs) {
    try (Admin admin =
        Admin.create(
            Map.of(
                "bootstrap.servers",
                bootstrap,
                "request.timeout.ms",
                5000,
                "default.api.timeout.ms",
                5000))) {
      Set<Integer> seen = Set.of();
      while (System.nanoTime() < deadlineNanos) {
        try {
          seen =
              admin
                  .describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                  .nodes()
                  .get(6, TimeUnit.SECONDS)
                  .stream()
                  .map(Node::id)
                  .collect(Collectors.toSet());
          if (seen.containsAll(ids)) {
            return;
          }
        } catch (Exception notYet) {
          // the quorum may still be electing a leader
        }
        EmbeddedCluster.sleep(200);
      }
      throw new IllegalStateException(
          "Embedded brokers %s did not all register within %s s (registered: %s; logs in %s)"
              .formatted(ids, timeout.toSeconds(), seen, logs));
    }
  }
}
