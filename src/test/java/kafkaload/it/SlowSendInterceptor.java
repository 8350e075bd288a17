package kafkaload.it;

import java.util.Map;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A producer interceptor that takes 2 ms of the sending thread per record: an injector that cannot
 * issue more than about 500 sends a second, whatever the cluster takes (CapacitySearchIT). Kafka
 * runs onSend on the thread that calls send(), so the pacer itself falls behind.
 */
public class SlowSendInterceptor implements ProducerInterceptor<byte[], byte[]> {
  @Override
  public ProducerRecord<byte[], byte[]> onSend(ProducerRecord<byte[], byte[]> record) {
    try {
      Thread.sleep(2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return record;
  }

  @Override
  public void onAcknowledgement(RecordMetadata metadata, Exception exception) {}

  @Override
  public void close() {}

  @Override
  public void configure(Map<String, ?> configs) {}
}
