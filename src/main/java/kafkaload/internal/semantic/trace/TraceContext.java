package kafkaload.internal.semantic.trace;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

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

  /** "00-" + 32 + "-" + 16 + "-01". */
  static final int LENGTH = 55;

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
    HexFormat hex = HexFormat.of();
    return ("00-"
            + hex.toHexDigits(high)
            + hex.toHexDigits(low)
            + "-"
            + hex.toHexDigits(span)
            + "-01")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The trace id (32 lower-case hex digits) of a {@code traceparent} value; null when it is missing
   * or not a valid version-00 header (W3C: an all-zero id is invalid).
   */
  static String traceId(byte[] traceparent) {
    if (traceparent == null
        || traceparent.length != LENGTH
        || traceparent[2] != '-'
        || traceparent[35] != '-'
        || traceparent[52] != '-'
        || !hexRange(traceparent, 0, 2)
        || !hexRange(traceparent, 3, 35)
        || !hexRange(traceparent, 36, 52)
        || !hexRange(traceparent, 53, 55)
        || zeros(traceparent, 3, 35)
        || zeros(traceparent, 36, 52)) {
      return null;
    }
    return new String(traceparent, 3, 32, StandardCharsets.US_ASCII);
  }

  private static boolean hexRange(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (!(b[i] >= '0' && b[i] <= '9' || b[i] >= 'a' && b[i] <= 'f')) {
        return false;
      }
    }
    return true;
  }

  private static boolean zeros(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != '0') {
        return false;
      }
    }
    return true;
  }
}
