package kafkaload.internal.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import java.lang.management.ManagementFactory;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The consumers' own Kafka metrics, read from the MBeans Kafka's JmxReporter registers for every
 * consumer of the JVM (the run's readers and drains, the echo service under test): whoever made a
 * consumer, its metrics are there, under Kafka's names.
 */
final class ConsumerMetrics {
  static final List<String> NAMES =
      List.of(
          "records-lag-max",
          "records-consumed-rate",
          "bytes-consumed-rate",
          "fetch-rate",
          "fetch-latency-avg",
          "fetch-latency-max");

  /** A consumer's fetch metrics over all its topics: the MBean without a topic key. */
  private static final ObjectName FETCH;

  static {
    try {
      FETCH = new ObjectName("kafka.consumer:type=consumer-fetch-manager-metrics,client-id=*");
    } catch (MalformedObjectNameException e) {
      throw new IllegalStateException(e);
    }
  }

  private ConsumerMetrics() {}

  static void report(GaugeWithCallback.Callback cb) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    for (ObjectName consumer : server.queryNames(FETCH, null)) {
      String clientId = consumer.getKeyProperty("client-id");
      for (String name : NAMES) {
        try {
          if (server.getAttribute(consumer, name) instanceof Number n
              && Double.isFinite(n.doubleValue())) {
            cb.call(n.doubleValue(), name, clientId);
          }
        } catch (javax.management.JMException | RuntimeException gone) {
          // closed between the query and the read
        }
      }
    }
  }
}
