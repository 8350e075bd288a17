package kafkaload.internal.semantic.trace;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * W3C trace context on records: the {@code traceparent} header a sampled share of the records carry
 * ({@code 00-<32 hex trace id>-<16 hex span id>-01}), so a traced system under test links its spans
 * to the load's records. The sampling is per record, with the sending thread's own random.
 */
final class TraceContext {
  /** The W3C header, its name as OpenTelemetry's Kafka instrumentation writes it. */
  static final String HEADER = "traceparent";

  /** The vendors' part of the context; carried over by the echo service when present. */
  static final String STATE_HEADER = "tracestate";

  /** "00-" + 32 + "-" + 16 + "-01", lower-case hex; the trace id (group 1) and span id non-zero. */
  private static final Pattern VALID =
      Pattern.compile("[0-9a-f]{2}-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}");

  private TraceContext() {}

  /** Whether this record is sampled: never at 0, always at 1; no random drawn when off. */
  static boolean sampled(double ratio) {
    return ratio > 0 && (ratio >= 1 || ThreadLocalRandom.current().nextDouble() < ratio);
  }

  /** A new {@code traceparent}: random non-zero trace and span ids, version 00, sampled. */
  static byte[] newTraceparent() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long high;
    long low;
    do {
      high = random.nextLong();
      low = random.nextLong();
    } while (high == 0 && low == 0);
    long span;
    do {
      span = random.nextLong();
    } while (span == 0);
    return "00-%016x%016x-%016x-01".formatted(high, low, span).getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The trace id (32 lower-case hex digits) of a {@code traceparent} value; null when it is missing
   * or not a valid version-00 header (W3C: an all-zero id is invalid).
   */
  static String traceId(byte[] traceparent) {
    if (traceparent == null) {
      return null;
    }
    Matcher m = VALID.matcher(new String(traceparent, StandardCharsets.US_ASCII));
    return m.matches() ? m.group(1) : null;
  }
}
