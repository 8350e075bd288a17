package kafkaload;

import kafkaload.internal.admin.Prefill;
import kafkaload.internal.protocol.KafkaProtocol;

/**
 * The offset range a consumer test drains: records written by {@link #fill} before the load,
 * outside the measurement, or the records a topic already holds ({@link #existing}). Both first
 * check that the consumers are no more than the topic's partitions (those it will have, for a topic
 * {@link #fill} creates), before creating or writing anything.
 */
public final class PrefilledTopic {
  private final Prefill.Range range;

  private PrefilledTopic(Prefill.Range range) {
    this.range = range;
  }

  /**
   * Writes {@code records} records of {@code recordSize} random bytes to the topic (created by the
   * protocol's createTopic(..) when missing), compressed with the protocol's compression.type, for
   * {@code consumers} consumers.
   */
  public static PrefilledTopic fill(
      KafkaProtocolBuilder protocol, String topic, long records, int recordSize, int consumers) {
    KafkaProtocol p = protocol.resolved();
    return new PrefilledTopic(
        Prefill.fill(p.connection(), topic, p.topicPlan(), records, recordSize, consumers));
  }

  /**
   * The records already in the topic, from each partition's start to its end: for draining a topic
   * as it is.
   */
  public static PrefilledTopic existing(
      KafkaProtocolBuilder protocol, String topic, int consumers) {
    return new PrefilledTopic(Prefill.existing(protocol.resolved().connection(), topic, consumers));
  }

  /** How many records the range holds. */
  public long records() {
    return range.records();
  }

  Prefill.Range range() {
    return range;
  }
}
