package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kafkaload.internal.results.LoadCpu;
import org.junit.jupiter.api.Test;

/** Which readings bound the measured load. */
class CpuWindowTest {

  @Test
  void theFirstMeasuredRequestStartsTheLoadAndOnlyFirstReadingsCount() {
    CpuWindow w = new CpuWindow();
    w.firstUserStarted(new LoadCpu.Reading(1, 4, 0));
    w.firstUserStarted(new LoadCpu.Reading(2, 5, 10));
    w.warmUpRequest();
    assertNull(w.figures(false), "not before the load's end");
    w.measuredLoadStarted(new LoadCpu.Reading(21, 14, 400_000));
    w.measuredLoadStarted(new LoadCpu.Reading(22, 15, 420_000));
    assertTrue(w.measuredStartKnown());
    w.loadEnded(new LoadCpu.Reading(41, 24, 800_000));
    w.loadEnded(new LoadCpu.Reading(45, 30, 800_000));
    LoadCpu c = w.figures(true);
    assertEquals(LoadCpu.FIRST_MEASURED_REQUEST, c.startedBy());
    assertEquals(14, c.beforeSeconds(), 1e-9, "the warm-up is before the measured load");
    assertEquals(10, c.duringSeconds(), 1e-9);
    assertEquals(400_000, c.ackedDuring());
    assertEquals(25, c.microsPerMessage(), 1e-9);
    assertEquals(21, c.startSecond());
    assertEquals(41, c.endSecond());
    assertTrue(c.brokerInJvm());
    // The measured window the page and the summary show: the CPU split's own seconds.
    assertEquals(21, w.measuredWindow()[0]);
    assertEquals(41, w.measuredWindow()[1]);
    assertEquals(1, w.warmUpWindow()[0], "the warm-up: from the first user");
    assertEquals(21, w.warmUpWindow()[1], "to the measured load");
  }

  @Test
  void withoutAWarmUpRequestBeforeTheMeasuredLoadThereIsNoWarmUp() {
    CpuWindow w = new CpuWindow();
    w.firstUserStarted(new LoadCpu.Reading(1, 4, 0));
    w.measuredLoadStarted(new LoadCpu.Reading(1.01, 4, 0));
    w.warmUpRequest(); // a warm-up step after the measured load started is no warm-up of it
    w.loadEnded(new LoadCpu.Reading(9, 8, 100));
    assertNull(w.warmUpWindow());
    assertEquals(1.01, w.measuredWindow()[0]);
  }

  @Test
  void theMeasuredWindowIsNotKnownBeforeAUserAndOpenUntilTheEnd() {
    CpuWindow w = new CpuWindow();
    assertTrue(Double.isNaN(w.measuredWindow()[0]));
    w.firstUserStarted(new LoadCpu.Reading(3, 4, 0));
    assertEquals(3, w.measuredWindow()[0], "from the first user while no measured request ran");
    assertTrue(Double.isNaN(w.measuredWindow()[1]));
  }

  @Test
  void withoutAMeasuredRequestTheLoadCountsFromTheFirstUser() {
    CpuWindow w = new CpuWindow();
    w.firstUserStarted(new LoadCpu.Reading(1, 4, 0));
    w.loadEnded(new LoadCpu.Reading(6, 9, 1000));
    w.measuredLoadStarted(new LoadCpu.Reading(7, 10, 1000)); // after the end: ignored
    LoadCpu c = w.figures(false);
    assertEquals(LoadCpu.FIRST_USER, c.startedBy());
    assertEquals(5, c.duringSeconds(), 1e-9);
    assertEquals(1000, c.ackedDuring());
  }

  @Test
  void noUserOrNoProcessCpuNoFigures() {
    CpuWindow none = new CpuWindow();
    none.loadEnded(new LoadCpu.Reading(1, 2, 0));
    assertNull(none.figures(false), "no user started");
    CpuWindow unknown = new CpuWindow();
    unknown.firstUserStarted(new LoadCpu.Reading(0, Double.NaN, 0));
    unknown.loadEnded(new LoadCpu.Reading(1, Double.NaN, 0));
    assertNull(unknown.figures(false), "a JVM that does not tell its process CPU time");
  }
}
