/**
 * Gatling's checks on Kafka records (replies and consumed records), with a check type and its
 * materializers as Gatling's JMS module has, behind KafkaDsl and the action builders' check(..). It
 * may use only the packages below it in the layers: client, admin, run, broker, payload, config.
 * Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.check;
