package kafkaload.galaxio.request;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import scala.Option;

/**
 * A Kafka message as galaxio's {@code matchByMessage(..)} and {@code simpleCheck(..)} see it: the
 * key and value bytes (either may be null: no key, a tombstone), the topic the request went to, the
 * topic the message is on, and its headers. The accessors keep galaxio's names and types, {@code
 * headers()} a {@code scala.Option} as galaxio's Scala case class gives it to Java.
 *
 * @param key the key's bytes, or null for a record without a key
 * @param value the value's bytes, or null for a tombstone
 * @param producerTopic the topic the request is sent to
 * @param consumerTopic the topic this message is on (the reply topic for a request)
 * @param headers the message's headers, if any
 */
public record KafkaProtocolMessage(
    byte[] key, byte[] value, String producerTopic, String consumerTopic, Option<Headers> headers) {

  /** A message without headers. */
  public KafkaProtocolMessage(
      byte[] key, byte[] value, String producerTopic, String consumerTopic) {
    this(key, value, producerTopic, consumerTopic, Option.empty());
  }

  /** The record this message would be sent as, to its producer topic. */
  public ProducerRecord<byte[], byte[]> toProducerRecord() {
    return headers.isDefined()
        ? new ProducerRecord<>(producerTopic, null, key, value, headers.get())
        : new ProducerRecord<>(producerTopic, key, value);
  }

  /** A request as sent, waiting for its reply on {@code replyTopic}. */
  public static KafkaProtocolMessage request(
      ProducerRecord<byte[], byte[]> request, String replyTopic) {
    return new KafkaProtocolMessage(
        request.key(),
        request.value(),
        request.topic(),
        replyTopic,
        Option.apply(request.headers()));
  }

  /** A record as read, for a request sent to {@code requestTopic} (galaxio's {@code from}). */
  public static KafkaProtocolMessage from(
      ConsumerRecord<byte[], byte[]> record, String requestTopic) {
    return new KafkaProtocolMessage(
        record.key(),
        record.value(),
        requestTopic != null ? requestTopic : record.topic(),
        record.topic(),
        Option.apply(record.headers()));
  }
}
