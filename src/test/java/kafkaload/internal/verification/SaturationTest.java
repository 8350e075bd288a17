package kafkaload.internal.verification;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import org.junit.jupiter.api.Test;

/**
 * The saturation verdict on made-up samples: each bound fires on a whole window and not below it.
 */
class SaturationTest {
  private static final InjectorResults.Bounds BOUNDS =
      new InjectorResults.Bounds(90, 3, 10, 1000, 0.1, 100);

  private static InjectorSample sample(int second, double cpu, long probes, long late) {
    return new InjectorSample(
        second,
        new InjectorSample.Load(0, 0, 0, 0),
        new InjectorSample.Resources(cpu, cpu, 0, 0, 0, 0),
        new InjectorSample.EventLoop(0, probes, 0, late > 0 ? 150 : 1, late),
        Map.of());
  }

  private static List<InjectorSample> run(double cpu, long probesPerSecond, long... latePerSecond) {
    List<InjectorSample> s = new ArrayList<>();
    for (int i = 0; i < latePerSecond.length; i++) {
      s.add(sample(i + 1, cpu, probesPerSecond, latePerSecond[i]));
    }
    return s;
  }

  @Test
  void eventLoopsLateInMoreThanOnePercentOfAWindowsProbesMarkTheRun() {
    // 3 s of 40 probes: 120 in the window; 2 late is over 1%, 1 late is not.
    InjectorHealth.Verdict late = Saturation.judge(run(10, 40, 0, 2, 0, 0), BOUNDS);
    assertTrue(late.saturated());
    assertTrue(late.reasons().get(0).contains("event loops ran late"), late.reasons().toString());
    assertFalse(Saturation.judge(run(10, 40, 0, 1, 0, 0), BOUNDS).saturated());
    assertFalse(Saturation.judge(run(10, 0, 0, 0, 0), BOUNDS).saturated(), "no probes, no verdict");
  }

  @Test
  void cpuMustStayHighForAWholeWindow() {
    assertTrue(
        Saturation.judge(run(95, 40, 0, 0, 0), BOUNDS).reasons().get(0).contains("machine CPU"));
    List<InjectorSample> broken = run(95, 40, 0, 0, 0, 0);
    broken.set(1, sample(2, 50, 40, 0));
    assertFalse(Saturation.judge(broken, BOUNDS).saturated());
  }
}
