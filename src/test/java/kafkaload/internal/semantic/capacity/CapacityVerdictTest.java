package kafkaload.internal.semantic.capacity;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.action.SendSpec;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.report.Histograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Plateaus judged from injectors' shares, and the verdict's one line that names the limit. */
class CapacityVerdictTest {
  private static final CapacitySpec SPEC =
      CapacitySpec.of(SendSpec.of("send", SessionValue.constant(new byte[1024])));
  private static final CapacityResults.Setup SETUP =
      new CapacityResults.Setup(
          1024, "all", 16, 1, new CapacityResults.Gates(50, 1, 98, null), 10, 5);

  /** One injector's share: {@code rate} msg/s for 10 s, every ack at {@code latencyMs}. */
  private static PlateauShare share(
      int injector, double rate, double latencyMs, double delayMs, Double cpu) {
    long n = (long) (rate * 10);
    Histogram h = new Histogram(3);
    h.recordValueWithCount((long) (latencyMs * 1000), Math.max(1, n));
    return new PlateauShare(
        injector,
        0,
        new PlateauShare.Counts(n, n, 0, n, 0, 0, n * 1024),
        new PlateauShare.Timing(Histograms.encode(h), delayMs, delayMs > 20 ? n : 0),
        null,
        cpu,
        null,
        null);
  }

  private static PlateauFigures judge(Search s, double latencyMs, double delayMs, Double cpu) {
    Search.Step step = s.next();
    PlateauJudge j = new PlateauJudge(SPEC, 90, false);
    return j.judge(0, step, 10, List.of(share(0, step.rate(), latencyMs, delayMs, cpu)));
  }

  @Test
  void aPlateauFailsEachGateItBreaksAndSaysHowByHowMuch() {
    PlateauJudge j = new PlateauJudge(SPEC, 90, false);
    Search.Step step = new Search.Step(Search.Kind.RAMP, 10_000);
    // 2 injectors, 4,000 msg/s each over 10 s: 80 % of the target; p99 212 ms.
    PlateauFigures f =
        j.judge(3, step, 10, List.of(share(0, 4000, 212, 1, 40.0), share(1, 4000, 3, 1, 40.0)));
    assertFalse(f.verdict().passed());
    assertEquals(8000, f.achievedMsgsPerSec(), 1);
    assertEquals(80_000, f.counts().sent());
    assertTrue(f.verdict().failures().get(0).startsWith("p99 212 ms > 50 ms"), f.toString());
    assertEquals(
        "achieved 8,000 msg/s, 80.0 % of the target < 98 %", f.verdict().failures().get(1));
    assertNull(f.verdict().injectorLimit(), "no injector was late or busy");
  }

  @Test
  void theVerdictNamesTheSustainedRateAndWhatBrokeAboveIt() {
    Search s = new Search(1000, 5, 10);
    List<PlateauFigures> plateaus = new ArrayList<>();
    s.judged(true);
    while (s.next() != null) {
      boolean holds = s.next().rate() <= 142_000;
      PlateauFigures f = judge(s, holds ? 38 : 212, 1, 50.0);
      plateaus.add(f);
      s.judged(f.verdict().passed());
    }
    CapacityResults.Verdict v = CapacityVerdict.of(s, plateaus, SETUP);
    assertEquals("cluster", v.limit());
    assertTrue(v.confirmed());
    assertTrue(
        v.text()
            .matches(
                "sustainable 1[34]\\d,\\d{3} msg/s \\(1 KiB, acks=all, 16 partitions\\) at p99 38(\\.0)? ms; 1[45]\\d,\\d{3} msg/s failed: p99 212 ms > 50 ms"),
        v.text());
  }

  @Test
  void anInjectorThatWasLateOrBusyIsNamedAndTheCapacityIsAboveTheRate() {
    Search s = new Search(1000, 50, 10);
    List<PlateauFigures> plateaus = new ArrayList<>();
    s.judged(true);
    while (s.next() != null) {
      boolean holds = s.next().rate() <= 4000;
      PlateauFigures f = judge(s, holds ? 5 : 90, holds ? 1 : 140, holds ? 40.0 : 97.0);
      plateaus.add(f);
      s.judged(f.verdict().passed());
    }
    CapacityResults.Verdict v = CapacityVerdict.of(s, plateaus, SETUP);
    assertEquals("injector", v.limit());
    assertTrue(
        v.text()
            .contains("the injector started its sends late (publish delay p99 140 ms > 20 ms; "),
        v.text());
    assertTrue(
        v.text().contains("the injector's process used 97 % of the machine's CPU"), v.text());
    assertTrue(v.text().contains("so the capacity is above 4,000 msg/s: add injectors"), v.text());
  }

  @Test
  void noRateThatHeldIsAClearVerdictWithTheLowestRateTried() {
    Search s = new Search(100, 5, 20);
    List<PlateauFigures> plateaus = new ArrayList<>();
    s.judged(true);
    while (s.next() != null) {
      PlateauFigures f = judge(s, 90, 1, 10.0);
      plateaus.add(f);
      s.judged(f.verdict().passed());
    }
    CapacityResults.Verdict v = CapacityVerdict.of(s, plateaus, SETUP);
    assertNull(v.sustainedMsgsPerSec());
    assertEquals("none", v.limit());
    assertEquals(25.0, v.failedMsgsPerSec());
    assertTrue(v.text().startsWith("no rate met the gates: 25 msg/s failed: "), v.text());
  }

  @Test
  void theEndToEndConsumerFailsAPlateauItReadsSlowlyOrNotAtAll() {
    PlateauJudge j = new PlateauJudge(SPEC.gates(x -> x.withE2eP99Ms(100)), 90, false);
    Search.Step step = new Search.Step(Search.Kind.RAMP, 50);
    PlateauShare acked = share(0, 50, 5, 0, 10.0);
    Histogram slow = new Histogram(3);
    slow.recordValueWithCount(80_000, 400);
    slow.recordValueWithCount(250_000, 100);
    PlateauFigures read = j.judge(1, step, 10, List.of(withE2e(acked, slow, 0)));
    assertFalse(read.verdict().passed());
    assertEquals(List.of("end-to-end p99 250 ms > 100 ms"), read.verdict().failures());
    assertEquals(5, read.latencies().ackLatency().p99(), 0.01);

    Histogram prompt = new Histogram(3);
    prompt.recordValueWithCount(8_000, 500);
    PlateauFigures behind = j.judge(1, step, 10, List.of(withE2e(acked, prompt, 1500)));
    assertEquals(
        List.of("the end-to-end consumer 1,500 records behind > 1,000, 10 s after the plateau"),
        behind.verdict().failures());
    assertTrue(j.judge(1, step, 10, List.of(withE2e(acked, prompt, 0))).verdict().passed());
    assertEquals(
        8,
        j.judge(1, step, 10, List.of(withE2e(acked, prompt, 0))).latencies().endToEnd().p99(),
        0.01);
    // No end-to-end consumer: no figure, no gate.
    assertNull(j.judge(1, step, 10, List.of(acked)).latencies().endToEnd());
  }

  private static PlateauShare withE2e(PlateauShare s, Histogram e2e, long behind) {
    return new PlateauShare(
        s.injector(),
        s.plateau(),
        s.counts(),
        s.timing(),
        new PlateauShare.EndToEnd(Histograms.encode(e2e), behind),
        s.injectorCpuPct(),
        s.firstError(),
        s.groupBehind());
  }

  @Test
  void aFewLateSendsAreAStallNotAnInjectorLimit() {
    PlateauJudge j = new PlateauJudge(SPEC, 90, false);
    Search.Step step = new Search.Step(Search.Kind.RAMP, 50);
    PlateauShare one = share(0, 50, 212, 92, 10.0);
    PlateauShare stall =
        new PlateauShare(
            0,
            0,
            new PlateauShare.Counts(
                one.counts().sent(),
                one.counts().acked(),
                0,
                one.counts().ackedInWindow(),
                0,
                0,
                one.counts().bytes()),
            new PlateauShare.Timing(
                one.timing().latencyMicros(), 92, PlateauJudge.MIN_LATE_SENDS - 1),
            null,
            10.0,
            null,
            null);
    assertNull(j.judge(1, step, 10, List.of(stall)).verdict().injectorLimit());
    assertNotNull(j.judge(1, step, 10, List.of(one)).verdict().injectorLimit());
  }

  @Test
  void anInjectorLateAtAHigherFailedRateIsStillNamed() {
    Search s = new Search(1000, 5, 10);
    List<PlateauFigures> plateaus = new ArrayList<>();
    s.judged(true);
    while (s.next() != null) {
      double r = s.next().rate();
      // Above 4,000 every plateau fails; only those above 5,000 show the injector late.
      PlateauFigures f = judge(s, r <= 4000 ? 5 : 90, r > 5000 ? 140 : 1, 40.0);
      plateaus.add(f);
      s.judged(f.verdict().passed());
    }
    CapacityResults.Verdict v = CapacityVerdict.of(s, plateaus, SETUP);
    assertEquals("injector", v.limit(), v.text());
    assertTrue(
        v.text().contains("; but at 6,000 msg/s the injector started its sends late"), v.text());
  }

  @Test
  void settingsThatCannotRunAreRefusedByName() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> SPEC.gates(x -> x.withMaxErrorPct(150)).validated());
    assertTrue(
        e.getMessage().contains("capacity.maxErrorPct must be between 0.0 and 100.0, not 150.0"),
        e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> SPEC.withSend(SPEC.send().withFireAndForget(true)).validated());
    assertTrue(e.getMessage().contains("fire-and-forget"), e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> SPEC.plateaus(x -> x.withPlateauSeconds(0)).validated());
    assertTrue(
        e.getMessage().contains("capacity.plateauSeconds must be at least 1"), e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class, () -> SPEC.gates(x -> x.withE2eP99Ms(-5)).validated());
    assertTrue(e.getMessage().contains("capacity.e2eP99Ms must be 0"), e.getMessage());
  }
}
