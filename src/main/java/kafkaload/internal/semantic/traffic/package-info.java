/**
 * Traffic like production ({@code docs/traffic.md}): key distributions (uniform, Zipf, a hot set),
 * record-size distributions (fixed, uniform, percentiles) and values of a chosen compressibility;
 * the counters that watch every record sent (the top keys' shares, the sizes' percentiles), its
 * section of the results ({@code traffic}) with the producer's batch fill and compression rate, and
 * its part of the Kafka page (the resources {@code page.html} and {@code page.js} beside it).
 * Registered in {@code META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the
 * layers below it, never another semantic. Internal: not part of the public API; may change without
 * notice.
 */
package kafkaload.internal.semantic.traffic;
