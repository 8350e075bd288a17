/**
 * The backlog build-and-drain semantic: producers write at a rate while the consumer group under
 * test is paused until a backlog is built, then the group resumes while the producers go on; the
 * catch-up rate, the drain time, the end-to-end latency and the producers' ack latency during the
 * catch-up, and a verdict ({@code "<name> drained"}). Internal: not part of the public API; may
 * change without notice.
 */
package kafkaload.internal.semantic.backlog;
