package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/** The fill's producer, built by Kafka itself from what a run's producer properties may hold. */
class PrefillTest {
  @Test
  void aTransactionalIdempotentRunStillFillsWithAPlainProducer() {
    Connection run =
        new Connection(
            "127.0.0.1:1",
            Map.of(
                "transactional.id", "orders-tx",
                "enable.idempotence", "true",
                "acks", "all",
                "compression.type", "zstd"),
            1_000);
    Map<String, Object> c = Prefill.producerConfig(run);
    assertFalse(c.containsKey("transactional.id"), c.toString());
    assertEquals("zstd", c.get("compression.type"));
    // Kafka refuses acks=1 with idempotence, and a transactional.id without it: this must not.
    new KafkaProducer<>(c, new ByteArraySerializer(), new ByteArraySerializer()).close();
  }
}
