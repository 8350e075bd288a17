package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import kafkaload.admin.Prefill;
import kafkaload.Params;
import kafkaload.RunParams;
import kafkaload.protocol.KafkaProtocol;

/**
 * Consumer throughput, the analogue of kafka-consumer-perf-test: pre-fill the topic with N records of S bytes
 * (not timed), then let a group of consumers, one per virtual user and at most one per partition, drain exactly
 * those records. Prints records/s, MB/s, fetch time, the group join time and the rebalances after it; the run
 * fails unless exactly N records were read. Fix the consumer count up front, and use static assignment or static membership with a
 * generous session.timeout.ms to avoid the rebalance sawtooth the seed describes.
 */
public class ConsumerThroughputSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see the README's parameter table) ----
  RunParams plan = RunParams.fromSystemProperties(Map.of("topic", "kafkaload-consumer-perf"));
  String topic = plan.topic();
  long records = Params.positiveLong("records", 500_000);
  int threads = Params.positiveInt("consumer.threads", 1);
  String assignment = Params.oneOf("consumer.assignment", "subscribe", "subscribe", "assign");
  int sessionTimeoutMs = Params.positiveInt("session.timeout.ms", 45_000);
  boolean staticMembership = Params.bool("consumer.staticMembership", false);
  String group = Params.string("consumer.group", "kafkaload-consumer-perf-" + UUID.randomUUID().toString().substring(0, 8));
  int timeoutSeconds = Params.positiveInt("consumer.timeoutSeconds", 300);
  boolean prefill = Params.bool("prefill", true);
  int receiveBufferBytes = Params.positiveInt("receive.buffer.bytes", 65_536);

  KafkaProtocol protocol = plan.protocol(1).topic(topic).protocol();
  // Outside the measurement: the records the consumers will read, and their offset range. Both first check that
  // the consumers are no more than the partitions, before writing anything.
  // -Dprefill=false drains the topic as it is (for comparing with kafka-consumer-perf-test on the same data).
  Prefill.Range range = prefill
      ? Prefill.fill(protocol.targetBootstrap(), protocol.producerProperties(), topic, protocol.topicPlan(), records,
          plan.recordSize(), threads)
      : Prefill.existing(protocol.targetBootstrap(), protocol.producerProperties(), topic,
          protocol.topicPlan().bootstrapTimeoutMs(), threads);

  ScenarioBuilder consumers = scenario("consumers")
      .exec(kafka("consume").drain(topic, range, threads, assignment.equals("assign"), consumerProperties(),
          Duration.ofSeconds(timeoutSeconds)));

  Map<String, String> consumerProperties() {
    Map<String, String> p = new HashMap<>();
    p.put("group.id", group);
    p.put("session.timeout.ms", String.valueOf(sessionTimeoutMs));
    p.put("receive.buffer.bytes", String.valueOf(receiveBufferBytes));
    p.put("kafkaload.staticMembership", String.valueOf(staticMembership));
    return p;
  }

  {
    setUp(consumers.injectOpen(atOnceUsers(threads)))
        .protocols(plan.protocol(1).topic(topic).runIdentity(false))
        .maxDuration(timeoutSeconds + 30)
        .assertions(details("consume drained").failedRequests().count().is(0L),
            details("consume drained").allRequests().count().is(1L));
  }
}
