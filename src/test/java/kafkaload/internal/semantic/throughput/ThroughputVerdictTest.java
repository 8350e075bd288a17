package kafkaload.internal.semantic.throughput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.Throughput;
import org.junit.jupiter.api.Test;

/** The throughput gate's verdict in words, its request's name, and the merge's window. */
class ThroughputVerdictTest {
  private static final long T0 = 1_700_000_000_000L;

  /** {@code acked} records acked from T0 to T0 + {@code millis}. */
  private static Throughput.RequestThroughput acks(long acked, long from, long millis) {
    return new Throughput.RequestThroughput(
        acked, acked * 100, Throughput.span(acked, acked * 100, T0 + from, T0 + from + millis));
  }

  @Test
  void aRateBelowTheBoundNamesTheRequestTheRateTheWindowAndTheBound() {
    // 245,443 acks over 58.3 s: 4,210 msg/s.
    ThroughputGate g =
        ThroughputVerdict.judge("send", 5000, acks(245_443, 0, 58_300), ThroughputVerdict.WINDOW);
    assertEquals("send: 4,210 msg/s over 58.3 s (first ack to last ack) < 5,000", g.verdict());
    assertEquals(Boolean.FALSE, g.passed());
    assertEquals("kafka throughput: send >= 5000 msg/s (first ack to last ack)", g.gate());
    assertEquals("first ack to last ack", g.measured().window());
    assertEquals(58.3, g.measured().seconds(), 1e-9);
    assertEquals(T0, g.measured().firstAckMillis());
    assertEquals(T0 + 58_300, g.measured().lastAckMillis());
    assertEquals(245_443, g.measured().acked());
  }

  @Test
  void aRateAtOrAboveTheBoundPasses() {
    ThroughputGate g =
        ThroughputVerdict.judge("send", 5000, acks(401_920, 0, 58_300), ThroughputVerdict.WINDOW);
    assertEquals("send: 6,894 msg/s over 58.3 s (first ack to last ack) >= 5,000", g.verdict());
    assertEquals(Boolean.TRUE, g.passed());
    assertTrue(
        ThroughputVerdict.judge("send", 100, acks(1001, 0, 10_000), ThroughputVerdict.WINDOW)
            .passed(),
        "1,000 records over 10 s is 100 msg/s");
  }

  @Test
  void aRateRoundedOntoTheBoundItMissedShowsMoreDigits() {
    // 4,999.7 msg/s would read "5,000 < 5,000".
    ThroughputGate g =
        ThroughputVerdict.judge("send", 5000, acks(49_997, 0, 10_000), ThroughputVerdict.WINDOW);
    assertEquals("send: 4,999.700 msg/s over 10.0 s (first ack to last ack) < 5,000", g.verdict());
    assertEquals(
        "order: 12.460 msg/s over 100.0 s (first ack to last ack) < 12.5",
        ThroughputVerdict.judge("order", 12.5, acks(1246, 0, 100_000), ThroughputVerdict.WINDOW)
            .verdict());
    assertEquals(
        "order: 12.4 msg/s over 10.0 s (first ack to last ack) < 12.5",
        ThroughputVerdict.judge("order", 12.5, acks(124, 0, 10_000), ThroughputVerdict.WINDOW)
            .verdict());
  }

  @Test
  void aGateThatCannotBeJudgedFailsAndSaysWhy() {
    ThroughputGate none = ThroughputVerdict.judge("sendd", 100, null, ThroughputVerdict.WINDOW);
    assertEquals(Boolean.FALSE, none.passed());
    assertEquals(
        "sendd: cannot be judged against 100 msg/s: no request of this name sent records in the"
            + " run",
        none.verdict());
    ThroughputGate one =
        ThroughputVerdict.judge("send", 100, acks(1, 0, 0), ThroughputVerdict.WINDOW);
    assertEquals(Boolean.FALSE, one.passed());
    assertNull(one.measured().msgsPerSec());
    assertEquals(
        "send: cannot be judged against 100 msg/s: 1 record acked, and a rate needs two acks at"
            + " different times",
        one.verdict());
    assertEquals(
        Boolean.FALSE,
        ThroughputVerdict.judge("send", 0.5, acks(0, 0, 0), ThroughputVerdict.WINDOW).passed());
  }

  @Test
  void theVerdictsRequestCarriesTheBoundSoAnAssertionAndAStepWithOtherBoundsNeverMeet() {
    assertEquals(
        "kafka throughput: order txn >= 0.5 msg/s (first ack to last ack)",
        ThroughputGateSpec.gateRequest("order txn", 0.5));
    assertEquals(
        ThroughputGateSpec.gateRequest("send", 100), ThroughputGateSpec.gateRequest("send", 100.0));
    assertFalse(
        ThroughputGateSpec.gateRequest("send", 100)
            .equals(ThroughputGateSpec.gateRequest("send", 1000)));
    assertThrows(IllegalArgumentException.class, () -> new ThroughputGateSpec(0, List.of()));
    assertThrows(IllegalArgumentException.class, () -> new ThroughputGateSpec(-1, List.of()));
    assertThrows(
        IllegalArgumentException.class, () -> new ThroughputGateSpec(1, List.of("send", " ")));
  }

  @Test
  void anInjectorLeavesTheVerdictToTheMerge() {
    ThroughputGate g = ThroughputVerdict.deferred("send", 5000, acks(1000, 0, 1000));
    assertNull(g.passed());
    assertEquals(1000.0, g.measured().msgsPerSec(), 1e-9);
    assertEquals("kafka throughput: send >= 5000 msg/s (first ack to last ack)", g.gate());
  }

  /** One injector's protocol: its acks of "send" and the gate it left to the merge. */
  private static ProtocolResults injector(Throughput.RequestThroughput send, double min) {
    Map<String, Throughput.RequestThroughput> byRequest = new LinkedHashMap<>();
    byRequest.put("send", send);
    return new ProtocolResults(
        new ProtocolResults.ProtocolConfig("b:9092", null, "t", "shared", 1, Map.of(), null, "r"),
        new ProtocolResults.Sends(
            new Throughput(
                0,
                0,
                0,
                0,
                new Throughput.AckRate(0, null, null, null, null, null),
                byRequest,
                new Throughput.SendPath(0, 0, 0),
                0,
                0),
            Percentiles.empty(),
            null,
            List.of(),
            null),
        new ProtocolResults.Latencies(Map.of(), Map.of(), Map.of(), Map.of(), null, null, null),
        null,
        new ProtocolResults.Consumers(null, null, null, null, null),
        null,
        null,
        List.of(),
        Map.of("throughputGates", List.of(ThroughputVerdict.deferred("send", min, send))));
  }

  @Test
  void theMergeJudgesTheMergedRateOverTheMergedWindowNotEachInjectors() {
    // Three injectors, each 1,000 msg/s over its own 10 s, started 1 s apart: 30,000 records over
    // the 12 s from the first ack of any to the last of any, 2,500 msg/s. Alone each misses 2,000;
    // merged the run makes it, and the verdict is written once, as the merged log's request.
    List<ProtocolResults> three =
        List.of(
            injector(acks(10_000, 0, 10_000), 2000),
            injector(acks(10_000, 1000, 10_000), 2000),
            injector(acks(10_000, 2000, 10_000), 2000));
    List<String> written = new ArrayList<>();
    List<ThroughputGate> merged =
        new ThroughputGateSemantic()
            .merge(three, (name, ko) -> written.add(name + (ko == null ? ": OK" : ": KO " + ko)));
    assertEquals(
        List.of("kafka throughput: send >= 2000 msg/s (first ack to last ack): OK"), written);
    ThroughputGate g = merged.get(0);
    assertEquals(2500.0, g.measured().msgsPerSec(), 1e-9);
    assertEquals(30_000, g.measured().acked());
    assertEquals(12.0, g.measured().seconds(), 1e-9);
    assertEquals(T0, g.measured().firstAckMillis());
    assertEquals(T0 + 12_000, g.measured().lastAckMillis());
    assertEquals("first ack to last ack of 3 injectors", g.measured().window());
    assertEquals(
        "send: 2,500 msg/s over 12.0 s (first ack to last ack of 3 injectors) >= 2,000",
        g.verdict());

    // A bound above the merged rate fails the merged run, naming the merged window.
    written.clear();
    List<ProtocolResults> slow =
        List.of(
            injector(acks(10_000, 0, 10_000), 3000), injector(acks(10_000, 5000, 10_000), 3000));
    new ThroughputGateSemantic().merge(slow, (name, ko) -> written.add(name + ": KO " + ko));
    assertEquals(
        List.of(
            "kafka throughput: send >= 3000 msg/s (first ack to last ack): KO send: 1,333 msg/s"
                + " over 15.0 s (first ack to last ack of 2 injectors) < 3,000"),
        written);
  }

  @Test
  void noInjectorAskedForTheGateNoVerdict() {
    assertNull(
        new ThroughputGateSemantic()
            .merge(
                List.of(
                    new ProtocolResults(
                        null,
                        new ProtocolResults.Sends(null, null, null, null, null),
                        new ProtocolResults.Latencies(null, null, null, null, null, null, null),
                        null,
                        new ProtocolResults.Consumers(null, null, null, null, null),
                        null,
                        null,
                        null,
                        Map.of())),
                (name, ko) -> {
                  throw new AssertionError("no verdict expected: " + name);
                }));
  }
}
