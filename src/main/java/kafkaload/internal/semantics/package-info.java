/**
 * The seam for Kafka semantics: {@link kafkaload.internal.semantics.Semantic}, what a semantic
 * (transactions, share groups, ...) contributes to a run's results, its merge over injectors, its
 * console lines and its part of the Kafka page, and {@link kafkaload.internal.semantics.Semantics},
 * the registered ones, which the run summary, the merge and the page iterate. It may use only the
 * packages below it in the layers: run and what run uses. Internal: not part of the public API; may
 * change without notice.
 */
package kafkaload.internal.semantics;
