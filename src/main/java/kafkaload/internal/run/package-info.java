/**
 * The state a run keeps while it runs, written by actions and clients and read by the verification
 * and the reports: the run ledger and counters, the run-identity headers, offset baselines, KO'd
 * records, fault events and what the reconciliation found. It may use only the packages below it in
 * the layers: broker, payload, config. Internal: not part of the public API; may change without
 * notice.
 */
package kafkaload.internal.run;
