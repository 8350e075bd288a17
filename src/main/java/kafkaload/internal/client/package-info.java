/**
 * The Kafka clients of the load: the producers and how virtual users share them, the record sender
 * that never blocks Gatling's event loop, and the topic readers of consume actions. It may use only
 * the packages below it in the layers: admin, run, broker, payload, config. Internal: not part of
 * the public API; may change without notice.
 */
package kafkaload.internal.client;
