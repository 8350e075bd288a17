/**
 * OpenMessaging Benchmark's result file (docs/workloads.md#omb-result-file): the run's publish,
 * publish-delay, consume and end-to-end figures in 10-second windows and aggregated, as OMB's
 * TestResult names them, in its units, written beside kafka-summary.json.
 */
package kafkaload.internal.semantic.omb;
