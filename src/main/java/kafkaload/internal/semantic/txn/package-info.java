/**
 * Transactions, one Kafka semantic whole: the transactional send's spec and action, its checks
 * before any load, the transactional producers and threads, its counters, its section of the
 * results ({@code transactions}), what an injector leaves the merge, and its part of the Kafka page
 * (the resources {@code page.html} and {@code page.js} beside it). Registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the layers below it, never
 * another semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.txn;
