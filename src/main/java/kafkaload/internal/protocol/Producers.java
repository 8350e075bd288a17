package kafkaload.internal.protocol;

import kafkaload.internal.client.ProducerMode;
import kafkaload.internal.config.KafkaLoadConfigException;

/** How virtual users share producers: one shared, a pool of {@code poolSize}, or one per user. */
public record Producers(ProducerMode mode, int poolSize) {
  public static final Producers SHARED = new Producers(ProducerMode.SHARED, 1);
  public static final Producers PER_USER = new Producers(ProducerMode.PER_USER, 1);

  /** A pool of n producers; refused below 1. */
  public static Producers pool(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException(
          "producerPool(" + n + "): the pool needs at least 1 producer");
    }
    return new Producers(ProducerMode.POOL, n);
  }
}
