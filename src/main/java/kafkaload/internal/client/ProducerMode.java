package kafkaload.internal.client;

/**
 * How virtual users share KafkaProducer instances. SHARED: one producer for all users, which
 * batches best (Kafka's own advice: producers are thread-safe). POOL: N producers, user i uses
 * producer i mod N; spreads the producer's single I/O thread when one is not enough. PER_USER: one
 * producer per virtual user, the JMeter practice of one producer per thread; costly beyond a few
 * hundred users.
 */
public enum ProducerMode {
  SHARED,
  POOL,
  PER_USER
}
