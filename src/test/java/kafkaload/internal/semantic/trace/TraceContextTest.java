package kafkaload.internal.semantic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The W3C traceparent the send path stamps: its format, fresh non-zero ids, and the sampling ratio
 * (never at 0, always at 1, about the ratio in between); its trace id read back, malformed headers
 * refused.
 */
class TraceContextTest {
  private static final Pattern W3C = Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-01");

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.US_ASCII);
  }

  @Test
  void aTraceparentIsVersion00SampledWithFreshNonZeroIds() {
    Set<String> traces = new HashSet<>();
    Set<String> spans = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      String tp = text(TraceContext.newTraceparent());
      assertTrue(W3C.matcher(tp).matches(), tp);
      String trace = tp.substring(3, 35);
      String span = tp.substring(36, 52);
      assertNotEquals("0".repeat(32), trace);
      assertNotEquals("0".repeat(16), span);
      traces.add(trace);
      spans.add(span);
      assertEquals(trace, TraceContext.traceId(tp.getBytes(StandardCharsets.US_ASCII)));
    }
    assertEquals(10_000, traces.size(), "every trace id is new");
    assertEquals(10_000, spans.size(), "every span id is new");
  }

  @Test
  void theRatioIsTheShareOfRecordsSampled() {
    int n = 100_000;
    assertEquals(0, sampled(0, n), "0: never");
    assertEquals(n, sampled(1, n), "1: always");
    // Binomial(100,000, 0.1): sd about 95; 6 sd either side never fails by chance.
    long tenth = sampled(0.1, n);
    assertTrue(Math.abs(tenth - 10_000) < 600, tenth + " of " + n + " at 0.1");
    long half = sampled(0.5, n);
    assertTrue(Math.abs(half - 50_000) < 1_000, half + " of " + n + " at 0.5");
  }

  private static long sampled(double ratio, int n) {
    long count = 0;
    for (int i = 0; i < n; i++) {
      if (TraceContext.sampled(ratio)) {
        count++;
      }
    }
    return count;
  }

  @Test
  void aMalformedTraceparentHasNoTraceId() {
    String ok = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    assertEquals(
        "4bf92f3577b34da6a3ce929d0e0e4736",
        TraceContext.traceId(ok.getBytes(StandardCharsets.US_ASCII)));
    for (String bad :
        new String[] {
          "",
          ok.substring(1),
          ok + "-",
          ok.toUpperCase(),
          ok.replace('-', '_'),
          "00-" + "0".repeat(32) + "-00f067aa0ba902b7-01",
          "00-4bf92f3577b34da6a3ce929d0e0e4736-" + "0".repeat(16) + "-01",
          "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01"
        }) {
      assertNull(TraceContext.traceId(bad.getBytes(StandardCharsets.US_ASCII)), bad);
    }
    assertNull(TraceContext.traceId(null));
  }
}
