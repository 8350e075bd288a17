package kafkaload.internal.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import kafka.server.KafkaConfig;
import org.junit.jupiter.api.Test;

/** The embedded broker's settings, as Kafka's own KafkaConfig reads them. */
class EmbeddedKafkaConfigTest {
  @Test
  void theLogCleanersDedupeBufferLeavesTheInjectorsHeapAlone() {
    // Kafka's default is one 128 MiB array in the heap; the embedded broker shares the Gatling
    // JVM's heap, and a 300 MB one on the parallel collector ran out of memory with it.
    KafkaConfig config =
        KafkaConfig.fromProps(
            EmbeddedKafka.nodeProperties(
                1, "127.0.0.1", 10_001, 10_002, "1@127.0.0.1:10002", Path.of("/tmp/unused"), 1),
            false);
    assertEquals(16L * 1024 * 1024, config.getLong("log.cleaner.dedupe.buffer.size"));
  }
}
