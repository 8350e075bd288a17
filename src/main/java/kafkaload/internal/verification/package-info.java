/**
 * The verdicts on a run: reconciliation of acked records with the broker, consumer-group lag,
 * injector health and event-loop lag. It may use only the packages below it in the layers: check,
 * client, admin, run, broker, payload, config. Internal: not part of the public API; may change
 * without notice.
 */
package kafkaload.internal.verification;
