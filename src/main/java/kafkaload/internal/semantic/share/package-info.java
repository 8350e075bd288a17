/**
 * Share groups (Kafka queues, KIP-932), one Kafka semantic whole: its section of the results
 * ({@code shareGroups}), what an injector leaves the merge, the merge over injectors with its
 * reconciliation by identity, the console lines of a merged run, and its part of the Kafka page
 * (the resources {@code page.html} and {@code page.js} beside it). Registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the layers below it, never
 * another semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.share;
