/**
 * Subscriptions, as an OpenMessaging Benchmark workload has them: consumer groups of their own,
 * each reading the whole topic from the run's start during the load and a bounded drain; per
 * subscription the records consumed, the consume rate, the end-to-end latency (record timestamp to
 * receipt) and a verdict ({@code "<name> <i> reconciled"}): every acked record of the run seen, by
 * identity. Their lag is the lag monitor's ({@code -Dlag.groups}). Internal: not part of the public
 * API; may change without notice.
 */
package kafkaload.internal.semantic.subscription;
