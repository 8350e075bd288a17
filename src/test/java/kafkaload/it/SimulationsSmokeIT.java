package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import kafkaload.ThroughputVerdictActionBuilder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every bundled simulation runs end to end in a short form, passes its gates, and reconciles
 * exactly. The gates are real ones a broken run fails, set with a margin this shared machine keeps
 * (runs under a loaded machine showed a p99 of about 1 s): a p99 below 5 s, and a throughput floor
 * a quarter to a fifth of the simulation's rate (10 msg/s for the closed ramp's 2 to 4 users, 1 for
 * the short round-trip run); each is asserted evaluated and passed, by name and bound. `.ci/run`
 * holds the baseline to the default gates. The simulations run two at a time, each on a topic of
 * its own: their loads have a fixed length.
 */
@Execution(ExecutionMode.CONCURRENT)
class SimulationsSmokeIT {

  @ParameterizedTest
  @CsvSource({
    "simulations.StepRampClosedSimulation, startUsers=2 stepUsers=2 targetUsers=4 stepSeconds=4"
        + " gate.minRps=10",
    "simulations.StepRampOpenSimulation, startRate=200 rateStep=200 targetRate=400 stepSeconds=4"
        + " gate.minRps=50",
    "simulations.ConstantRateSimulation, rate=500 warmup=2 duration=4 gate.minRps=100",
    "simulations.RequestReplySimulation, users=4 warmup=1 duration=4 lag.windowSeconds=3"
        + " gate.minRps=1"
  })
  void runsPassesItsGatesAndReconciles(String simulation, String params) throws Exception {
    String topic = uniqueTopic("smoke");
    var p = props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "gate.p99Ms", "5000");
    for (String kv : params.split(" ")) {
      p.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    GatlingRun run = runGatling(simulation, p, 120);
    assertEquals(0, run.exitCode(), run.tail());
    String measured = simulation.endsWith("RequestReplySimulation") ? "order" : "send";
    long ok = run.counts(measured)[1];
    assertTrue(ok > 0);
    // The latency and throughput gates were evaluated with these bounds, and passed.
    assertTrue(
        run.output()
            .contains(measured + ": 99th percentile of response time is less than 5000.0 : true"),
        run.tail());
    assertTrue(
        run.output()
            .contains(
                ThroughputVerdictActionBuilder.request(
                        measured, Double.parseDouble(p.get("gate.minRps")))
                    + ": count of failed events is 0.0 : true"),
        run.tail());
    // The Kafka page, read from its DOM: one measured window, the pool size used, a latency row
    // (send-to-reply for the request-reply) for every request, no sentinel.
    KafkaPageCheck.assertConsistent(reportDir(run));
    // A warm-up where the simulation has one (-Dwarmup), before the measured load; none otherwise.
    var injector = summaryJson(run).path("injector");
    assertEquals(p.containsKey("warmup"), injector.has("warmUpWindowSeconds"), injector.toString());
    if (simulation.endsWith("RequestReplySimulation")) {
      // Send to reply of every OK order, as Gatling counted them.
      var reply = summaryJson(run).path("protocols").path(0).path("replyLatencyMs").path("order");
      assertEquals(ok, reply.path("count").asLong(), reply.toString());
      assertTrue(reply.path("p99").asDouble() > 0, reply.toString());
    }
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
