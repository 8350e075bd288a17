/**
 * Runs over many topics ({@code docs/traffic.md}, "Many topics"): a bounded summary of the
 * reconciliation over every topic (totals, how many topics, the worst few), its section of the
 * results ({@code topicSpread}) and its part of the Kafka page (the resources {@code page.html} and
 * {@code page.js} beside it). Registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the layers below it, never
 * another semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.topics;
