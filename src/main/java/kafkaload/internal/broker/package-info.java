/**
 * The embedded Kafka brokers (one in-JVM KRaft broker, or a cluster of child processes) and the
 * fault plans that act on them. It may use only the packages below it in the layers: payload,
 * config. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.broker;
