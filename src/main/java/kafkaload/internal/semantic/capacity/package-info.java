/**
 * Capacity search, one Kafka semantic whole: its spec, the search's steps, the pacer and its
 * plateaus, the gates each plateau is judged by, the figures injectors share, the verdict, its
 * section of the results ({@code capacity}), its console lines and its part of the Kafka page (the
 * resources {@code page.html} and {@code page.js} beside it). Registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Internal: not part of the public
 * API; may change without notice.
 */
package kafkaload.internal.semantic.capacity;
