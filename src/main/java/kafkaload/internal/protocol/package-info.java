/**
 * The resolved Kafka protocol a simulation runs with, the components it gives its actions, and the Kafka side of a
 * Gatling run, which creates them after preflight and writes the reports when the run ends. It may use only the
 * packages below it in the layers: report, verification, check, client, admin, run, broker, payload, config.
 * Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.protocol;
