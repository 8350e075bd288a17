package kafkaload.bench;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import kafkaload.ShareConsumeActionBuilder;

/**
 * The protocol's arm of bench/share-consumer-vs-perf.sh, the like of
 * kafka-share-consumer-perf-test: -Dshare.consumers share consumers of one share group
 * (-Dshare.group) drain the pre-filled -Dtopic with implicit acknowledgement (every record accepted
 * with the next poll), no producers, no run identity. After -Dduring seconds each consumer stops
 * once the group's lag is 0 and nothing came for longer than the lock
 * (-Dshare.record.lock.duration.ms; unset: 5000 moved inside the broker's bounds), within
 * -Dshare.timeoutSeconds. The rate (accepts over first-to-last accept) is in kafka-summary.json's
 * share group. -Dshare.requestPerPoll (true unless set): one Gatling request per poll, as a
 * throughput test wants; false: one per accepted record. -Dshare.commitSync (false unless set): the
 * acknowledgements go with the next poll, as kafka-share-consumer-perf-test sends them; true: a
 * commitSync after each poll.
 */
public class ShareDrainSimulation extends Simulation {
  String topic = System.getProperty("topic");
  int consumers = Integer.getInteger("share.consumers", 1);
  String group = System.getProperty("share.group", "bench-share");
  // Unset: 5 s moved inside the broker's bounds (a stock broker's lock is 15 s to 60 s).
  Integer lockMs = Integer.getInteger("share.record.lock.duration.ms");
  int during = Integer.getInteger("during", 1);
  int receiveBufferBytes = Integer.getInteger("receive.buffer.bytes", 2_097_152);
  int fetchMaxBytes = Integer.getInteger("fetch.max.bytes", 1_048_576);
  int timeoutSeconds = Integer.getInteger("share.timeoutSeconds", 300);
  boolean requestPerPoll = Boolean.parseBoolean(System.getProperty("share.requestPerPoll", "true"));
  boolean commitSync = Boolean.parseBoolean(System.getProperty("share.commitSync", "false"));

  ShareConsumeActionBuilder drain =
      kafka("share")
          .shareConsume(topic)
          .group(group)
          .consumers(consumers)
          .acknowledgement("implicit")
          .requestPerPoll(requestPerPoll)
          .commitSync(commitSync)
          .groupConfig("share.auto.offset.reset", "earliest")
          .groupConfigDefault("share.record.lock.duration.ms", 5000)
          // ShareConsumerPerformance's --socket-buffer-size default.
          .property("receive.buffer.bytes", receiveBufferBytes)
          // Its --fetch-size default (Kafka's fetch.max.bytes default is 50 MiB).
          .property("fetch.max.bytes", fetchMaxBytes)
          .during(Duration.ofSeconds(during))
          .drainTimeout(Duration.ofSeconds(timeoutSeconds));

  ScenarioBuilder consumersScenario =
      scenario("share consumers")
          .exec(
              lockMs == null ? drain : drain.groupConfig("share.record.lock.duration.ms", lockMs));

  {
    setUp(consumersScenario.injectOpen(atOnceUsers(consumers)))
        .protocols(kafka().topic(topic).runIdentity(false))
        .maxDuration(during + timeoutSeconds + 60)
        .assertions(details("share lag").failedRequests().count().is(0L));
  }
}
