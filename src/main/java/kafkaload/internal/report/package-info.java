/**
 * What a run leaves beside Gatling's report: kafka-summary.json, the Kafka page, the JUnit
 * assertions file and the console reconciliation table. It may use only the packages below it in
 * the layers: verification, check, client, admin, run, broker, payload, config. Internal: not part
 * of the public API; may change without notice.
 */
package kafkaload.internal.report;
