package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.PrefilledTopic;
import kafkaload.kit.RunParams;

/**
 * Consumer throughput, the analogue of kafka-consumer-perf-test: pre-fill the topic with N records
 * of S bytes (not timed), then let a group of consumers, one per virtual user and at most one per
 * partition, drain exactly those records. Prints records/s, MB/s, fetch time, the group join time
 * and the rebalances after it; the run fails unless exactly N records were read. Fix the consumer
 * count up front, and use static assignment or static membership with a generous session.timeout.ms
 * to avoid the rebalance sawtooth the seed describes.
 */
public class ConsumerThroughputSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params =
      Params.fromSystemProperties().withDefaults(Map.of("topic", "kafkaload-consumer-perf"));
  RunParams plan = RunParams.of(params);
  String topic = plan.topic().name();
  long records = params.positiveLong("records", 500_000);
  int threads = params.positiveInt("consumer.threads", 1);
  String assignment = params.oneOf("consumer.assignment", "subscribe", "subscribe", "assign");
  int sessionTimeoutMs = params.positiveInt("session.timeout.ms", 45_000);
  boolean staticMembership = params.bool("consumer.staticMembership", false);
  String group =
      params.string(
          "consumer.group",
          "kafkaload-consumer-perf-" + UUID.randomUUID().toString().substring(0, 8));
  int timeoutSeconds = params.positiveInt("consumer.timeoutSeconds", 300);
  boolean prefill = params.bool("prefill", true);
  int receiveBufferBytes = params.positiveInt("receive.buffer.bytes", 65_536);
  // Kafka's default checks every fetched batch's CRC; kafka-consumer-perf-test turns it off
  // (-Dcheck.crcs=false).
  boolean checkCrcs = params.bool("check.crcs", true);

  KafkaProtocolBuilder protocol = plan.protocol(1).topic(topic);
  // Outside the measurement: the records the consumers will read, and their offset range. Both
  // first check that
  // the consumers are no more than the partitions, before writing anything.
  // -Dprefill=false drains the topic as it is (for comparing with kafka-consumer-perf-test on the
  // same data).
  PrefilledTopic range =
      prefill
          ? PrefilledTopic.fill(protocol, topic, records, plan.records().size(), threads)
          : PrefilledTopic.existing(protocol, topic, threads);

  ScenarioBuilder consumers =
      scenario("consumers")
          .exec(
              kafka("consume")
                  .drain(topic)
                  .range(range)
                  .threads(threads)
                  .assign(assignment.equals("assign"))
                  .staticMembership(staticMembership)
                  .property("group.id", group)
                  .property("session.timeout.ms", sessionTimeoutMs)
                  .property("receive.buffer.bytes", receiveBufferBytes)
                  .property("check.crcs", checkCrcs)
                  .timeout(Duration.ofSeconds(timeoutSeconds)));

  {
    setUp(consumers.injectOpen(atOnceUsers(threads)))
        .protocols(plan.protocol(1).topic(topic).runIdentity(false))
        .maxDuration(timeoutSeconds + 30)
        .assertions(
            details("consume drained").failedRequests().count().is(0L),
            details("consume drained").allRequests().count().is(1L));
  }
}
