package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every bundled simulation runs end to end in a short form, passes its gates, and reconciles
 * exactly. Latency and throughput gates are machine-dependent (this machine is shared), so they get
 * a loose p99 of 5 s and, for a short round-trip run, a floor of 1 rps here; `.ci/run` holds the
 * baseline to the default gates. The simulations run two at a time, each on a topic of its own:
 * their loads have a fixed length, and a p99 of 5 s is seconds beyond what a shared machine adds.
 */
@Execution(ExecutionMode.CONCURRENT)
class SimulationsSmokeIT {

  @ParameterizedTest
  @CsvSource({
    "simulations.StepRampClosedSimulation, startUsers=2 stepUsers=2 targetUsers=4 stepSeconds=4",
    "simulations.StepRampOpenSimulation, startRate=200 rateStep=200 targetRate=400 stepSeconds=4",
    "simulations.ConstantRateSimulation, rate=500 warmup=2 duration=4",
    "simulations.RequestReplySimulation, users=4 warmup=1 duration=4 lag.windowSeconds=3 gate.minRps=1"
  })
  void runsPassesItsGatesAndReconciles(String simulation, String params) throws Exception {
    String topic = uniqueTopic("smoke");
    var p = props("kafka.bootstrap.servers", bootstrap(), "topic", topic);
    for (String kv : params.split(" ")) {
      p.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    GatlingRun run = runGatling(simulation, p, 120);
    assertEquals(0, run.exitCode(), run.tail());
    String measured = simulation.endsWith("RequestReplySimulation") ? "order" : "send";
    long ok = run.counts(measured)[1];
    assertTrue(ok > 0);
    long inTopic = endOffsetSum(topic);
    assertTrue(run.output().contains("| lost 0 | duplicates 0"), run.tail());
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : true"),
        run.tail());
    assertTrue(inTopic >= ok, "topic " + inTopic + " vs OK " + ok);
    // The step ramps climb from their start to their target, one level per step.
    if (simulation.endsWith("StepRampClosedSimulation")) {
      var throughput = summaryJson(run).path("protocols").path(0).path("throughput");
      assertEquals(4, throughput.path("peakConcurrentUsers").asLong(), throughput.toString());
    } else if (simulation.endsWith("StepRampOpenSimulation")) {
      // Levels of 200 and 400 arrivals per second, 4 s each: 2,400 arrivals, one send each.
      assertEquals(2400, run.counts("send")[0], 24, run.tail());
    }
  }
}
