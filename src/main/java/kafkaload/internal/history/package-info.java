/**
 * Runs compared with earlier runs: the baseline gate (statistics on per-second samples and
 * histograms), whether two runs are comparable, the history folder, change points and the Markdown
 * summary. Reads only {@code kafkaload.internal.results}.
 */
package kafkaload.internal.history;
