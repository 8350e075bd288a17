/**
 * The throughput gate, whole: the verdict step after the load that judges each request's rate over
 * its own window (its first ack to its last, as the Kafka page shows it) against a bound, its
 * verdict in words, its section of the results ({@code throughputGates}), its merge over the
 * injectors of a distributed run, and its note beside the gates on the Kafka page (the resources
 * {@code page.html} and {@code page.js} beside it). Not a Kafka semantic, but it plugs in through
 * the same seam: registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the layers below it, never a
 * semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.throughput;
