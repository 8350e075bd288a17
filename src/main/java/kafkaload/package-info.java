/**
 * The DSL, the package users import: the Kafka protocol and actions for Gatling's Java DSL, the CI
 * gates, the run parameters and pre-filled topics. The entry point is {@code import static
 * kafkaload.KafkaDsl.*;}. It may use every package below it (the internal ones under
 * kafkaload.internal); kafkaload.kit, kafkaload.echo and kafkaload.distributed sit above it.
 * ArchitectureTest holds it to DSL types only.
 */
package kafkaload;
