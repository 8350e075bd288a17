package kafkaload.internal.protocol;

import kafkaload.internal.client.ProducerMode;

/** How virtual users share producers: one shared, a pool of {@code poolSize}, or one per user. */
public record Producers(ProducerMode mode, int poolSize) {
  public static final Producers SHARED = new Producers(ProducerMode.SHARED, 1);
  public static final Producers PER_USER = new Producers(ProducerMode.PER_USER, 1);

  public static Producers pool(int n) {
    return new Producers(ProducerMode.POOL, n);
  }
}
