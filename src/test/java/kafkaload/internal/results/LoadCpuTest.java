package kafkaload.internal.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic of the process CPU split at the measured load. */
class LoadCpuTest {

  @Test
  void splitsTheProcessCpuAtTheMeasuredLoad() {
    LoadCpu c =
        LoadCpu.between(
            new LoadCpu.Reading(4.5, 12.0, 200_000),
            new LoadCpu.Reading(24.5, 30.0, 600_000),
            LoadCpu.FIRST_MEASURED_REQUEST,
            false);
    assertEquals(12.0, c.beforeSeconds(), 1e-9, "from the JVM's start to the measured load");
    assertEquals(18.0, c.duringSeconds(), 1e-9);
    assertEquals(400_000, c.ackedDuring(), "warm-up acks before the start are not counted");
    assertEquals(45.0, c.microsPerMessage(), 1e-9, "18 CPU-s over 400,000 records");
    assertNull(c.afterSeconds(), "not known before the report");
    assertEquals(4.5, c.startSecond());
    assertEquals(24.5, c.endSecond());

    LoadCpu reported = c.withCpuAtReport(37.5);
    assertEquals(7.5, reported.afterSeconds(), 1e-9, "37.5 at the report minus 30 at the end");
    assertEquals(
        37.5,
        reported.beforeSeconds() + reported.duringSeconds() + reported.afterSeconds(),
        1e-9,
        "the three parts add up to the process CPU at the report");
    assertEquals(c.microsPerMessage(), reported.microsPerMessage());
  }

  @Test
  void noAckNoCpuPerMessage() {
    LoadCpu c =
        LoadCpu.between(
            new LoadCpu.Reading(1, 5, 10), new LoadCpu.Reading(3, 6, 10), LoadCpu.FIRST_USER, true);
    assertEquals(0, c.ackedDuring());
    assertNull(c.microsPerMessage(), "a consumer-only run has no CPU per acked message");
    assertEquals(1.0, c.duringSeconds(), 1e-9);
    assertTrue(c.brokerInJvm());
  }

  @Test
  void aMergeSumsTheInjectorsAndDividesTheSums() {
    LoadCpu a =
        LoadCpu.between(
                new LoadCpu.Reading(2, 10, 0),
                new LoadCpu.Reading(12, 20, 100_000),
                LoadCpu.FIRST_MEASURED_REQUEST,
                false)
            .withCpuAtReport(23);
    LoadCpu b =
        LoadCpu.between(
                new LoadCpu.Reading(3, 8, 0),
                new LoadCpu.Reading(13, 38, 300_000),
                LoadCpu.FIRST_MEASURED_REQUEST,
                false)
            .withCpuAtReport(40);
    LoadCpu m = LoadCpu.sum(List.of(a, b));
    assertEquals(18, m.beforeSeconds(), 1e-9);
    assertEquals(40, m.duringSeconds(), 1e-9);
    assertEquals(5, m.afterSeconds(), 1e-9);
    assertEquals(400_000, m.ackedDuring());
    // Not the mean of 100 and 100 µs: 40 CPU-s over 400,000 records.
    assertEquals(100, m.microsPerMessage(), 1e-9);
    assertFalse(m.brokerInJvm());

    LoadCpu noReport =
        LoadCpu.between(
            new LoadCpu.Reading(1, 1, 0), new LoadCpu.Reading(2, 2, 1), LoadCpu.FIRST_USER, true);
    LoadCpu partial = LoadCpu.sum(Arrays.asList(a, null, noReport));
    assertNull(partial.afterSeconds(), "after the load only when every injector reported it");
    assertTrue(partial.brokerInJvm(), "any injector with a broker in its JVM");
    assertEquals(100_001, partial.ackedDuring());
    assertNull(LoadCpu.sum(Arrays.asList(null, null)));
  }
}
