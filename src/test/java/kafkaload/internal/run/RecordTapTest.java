package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.config.InjectorShare;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * The ledger's taps: they stamp in their declared order whatever the order they were added in
 * (equal orders as added), and each sees the read-back and reply events with the records' headers.
 */
class RecordTapTest {
  private record Stamper(String name, int order, List<String> seen) implements RecordTap {
    @Override
    public int stampOrder() {
      return order;
    }

    @Override
    public void stamp(Headers headers) {
      headers.add(name, name.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void read(String request, Headers headers, long produced, long read, boolean ok) {
      seen.add(name + " read " + request + " " + headers.lastHeader("h").key() + " " + ok);
    }

    @Override
    public void replied(
        String request, Headers sent, Headers reply, long start, long end, boolean ok) {
      seen.add(name + " replied " + request + " " + (reply == null) + " " + (end - start));
    }
  }

  @Test
  void tapsStampInTheirOrderAndSeeEveryEvent() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    List<String> seen = new ArrayList<>();
    ledger.tap(new Stamper("late", 10, seen));
    ledger.tap(new Stamper("early", -5, seen));
    ledger.tap(new Stamper("first-of-0", 0, seen));
    ledger.tap(new Stamper("second-of-0", 0, seen));
    Headers h = new RecordHeaders();
    ledger.stamp(h);
    List<String> keys = new ArrayList<>();
    for (Header x : h) {
      keys.add(x.key());
    }
    assertEquals(List.of("early", "first-of-0", "second-of-0", "late"), keys);

    ledger.read("c", new RecordHeaders().add("h", new byte[0]), 1, 2, false);
    ledger.replied("r", h, null, 10, 25, true);
    assertEquals(
        List.of(
            "early read c h false",
            "first-of-0 read c h false",
            "second-of-0 read c h false",
            "late read c h false",
            "early replied r true 15",
            "first-of-0 replied r true 15",
            "second-of-0 replied r true 15",
            "late replied r true 15"),
        seen);
  }
}
