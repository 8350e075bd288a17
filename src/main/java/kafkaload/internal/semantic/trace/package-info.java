/**
 * Trace context on records ({@code docs/tracing.md}), whole: the W3C {@code traceparent} ({@code
 * TraceContext}), stamped on the sampled records sent and read back from the records a consume or a
 * request-reply sees, both through the run ledger's taps ({@code TraceCounters}); the counters that
 * keep the sampled records' outcomes (the slowest per request name, bounded), its section of the
 * results ({@code trace}), its merge over injectors and its part of the Kafka page (the resources
 * {@code page.html} and {@code page.js} beside it). Registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the layers below it, never
 * another semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.trace;
