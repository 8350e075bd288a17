/**
 * The resolved Kafka protocol a simulation runs with (built from small immutable parts), the
 * components it gives its actions, and the Kafka side of a Gatling run: the checks that create
 * nothing, then (once the actions' own checks passed) preflight's side effects and the producers;
 * the reports when the run ends. It may use only the packages below it in the layers: report,
 * verification, check, client, admin, run, broker, payload, config. Internal: not part of the
 * public API; may change without notice.
 */
package kafkaload.internal.protocol;
