package kafkaload.internal.client;

/**
 * How users share KafkaProducers. SHARED: one for all, batching best (producers are thread-safe).
 * POOL: N, user i takes i mod N, spreading the I/O thread. PER_USER: one per user, as JMeter;
 * costly beyond a few hundred users.
 */
public enum ProducerMode {
  SHARED,
  POOL,
  PER_USER
}
