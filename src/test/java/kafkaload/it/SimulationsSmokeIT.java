package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every bundled simulation runs end to end in a short form, passes its gates, and reconciles exactly. Throughput
 * gates are machine-dependent, so a short round-trip run gets a floor of 1 rps here.
 */
class SimulationsSmokeIT {

  @ParameterizedTest
  @CsvSource({
      "simulations.StepRampClosedSimulation, startUsers=2 stepUsers=2 targetUsers=4 stepSeconds=4",
      "simulations.StepRampOpenSimulation, startRate=200 rateStep=200 targetRate=400 stepSeconds=4",
      "simulations.ConstantRateSimulation, rate=500 warmup=2 duration=4",
      "simulations.RequestReplySimulation, users=4 warmup=1 duration=4 lag.windowSeconds=3 gate.minRps=1"})
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
    assertTrue(run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : true"), run.tail());
    assertTrue(inTopic >= ok, "topic " + inTopic + " vs OK " + ok);
  }
}
