package kafkaload.internal.semantic.trace;

/**
 * A sampled record's outcome as a request-reply or a consume saw it, for the trace section.
 *
 * @param traceId the W3C trace id of its {@code traceparent} (32 hex digits)
 * @param request the request name
 * @param latencyMs its response time: send to reply, or produced to read
 * @param ok whether the request was OK
 */
record TracedRecord(String traceId, String request, long latencyMs, boolean ok) {}
