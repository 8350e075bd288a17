/**
 * What a broker fault cost ({@code docs/brokers-and-faults.md}, "What a fault cost"): the first
 * step of a fault plan's population marks the load's start, taps the ledger for every ack and KO
 * and starts a metadata watcher (leaders and ISRs through AdminClient); at the end, per fault, the
 * unavailability of each affected partition, the leader elections and ISR changes, the KOs by
 * reason and the ack latency during and after it, in its section of the results ({@code
 * faultImpact}), on the console and on the Kafka page (the resources {@code page.html} and {@code
 * page.js} beside it). Registered in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}. Uses the layers below it, never
 * another semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.faultwatch;
