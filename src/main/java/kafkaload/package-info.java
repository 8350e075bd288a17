/**
 * The public API, the one package users import: the Kafka protocol and actions for Gatling's Java DSL, the CI
 * gates, the run parameters, the echo service and pre-filled topics. The entry point is
 * {@code import static kafkaload.KafkaDsl.*;}. It is the top layer and may use every package below it (action,
 * protocol, report, verification, check, client, admin, run, broker, payload, config); those are internal.
 */
package kafkaload;
