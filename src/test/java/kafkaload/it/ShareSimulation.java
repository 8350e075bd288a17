package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import kafkaload.KafkaProtocolBuilder;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Two share groups in one run, each with its own protocol and topic (so each reconciles its own
 * records). "exact": 200 records with keys key-0..key-9 over 2 partitions, 4 consumers; key-3 is
 * rejected, key-5 released at every delivery until the delivery limit (3) archives it, the rest
 * accepted; a 15 s lock that no consumer outlasts. "slow": 60 records into 1 partition, 3
 * consumers, the first one 2.5 s a record against a 1 s lock, so its records come back to the
 * others; it logs one Gatling request per poll ("slow poll", requestPerPoll) where "exact" logs one
 * per accepted record. "exact" sends its acknowledgements with the next poll (commitSync(false));
 * "slow" commits them after each poll (each record for the slow consumer). The consumers start 8 s
 * before the producers (the group joins first). "renew": 10 records into 1 partition, one consumer
 * working 1 s a record against a 3 s lock with renewLocks(true): the last records wait far longer
 * than the lock, but it renews its locks at half the lock, so nothing expires and nothing is
 * delivered twice. (With a 1 s lock, the renewal's round trip on a busy machine, 464 ms at p95
 * once, plus the time from the broker's acquisition to the poll's return, outlasted the other half:
 * records came back.)
 */
public class ShareSimulation extends Simulation {
  static final int HEAD_START = 8;

  static boolean key(ConsumerRecord<byte[], byte[]> r, String k) {
    return r.key() != null && new String(r.key(), StandardCharsets.UTF_8).equals(k);
  }

  // One protocol instance per group, shared by its producers' and consumers' populations: Gatling
  // keeps one set of components (one ledger) per protocol instance.
  static ProtocolBuilder once(KafkaProtocolBuilder b) {
    io.gatling.core.protocol.Protocol p = b.protocol();
    return () -> p;
  }

  ProtocolBuilder exactProtocol =
      once(
          kafka()
              .topic(kafkaload.Params.fromSystemProperties().raw("topicA"))
              .createTopic(2, 1)
              .sharedProducer());
  ProtocolBuilder slowProtocol =
      once(
          kafka()
              .topic(kafkaload.Params.fromSystemProperties().raw("topicB"))
              .createTopic(1, 1)
              .sharedProducer());

  ScenarioBuilder exactProducers =
      scenario("exact producers").exec(kafka("exact send").send(roundRobinKey(10), "x"));
  ScenarioBuilder exactConsumers =
      scenario("exact consumers")
          .exec(
              kafka("exact")
                  .shareConsume(kafkaload.Params.fromSystemProperties().raw("topicA"))
                  .consumers(4)
                  .property("max.poll.records", 5)
                  .groupConfig("share.record.lock.duration.ms", 15_000)
                  .groupConfig("share.delivery.count.limit", 3)
                  .rejectIf((s, r) -> key(r, "key-3"))
                  .releaseIf((s, r) -> key(r, "key-5"))
                  .commitSync(false)
                  .during(Duration.ofSeconds(HEAD_START + 3))
                  .drainTimeout(Duration.ofSeconds(30)));

  ProtocolBuilder renewProtocol =
      once(
          kafka()
              .topic(kafkaload.Params.fromSystemProperties().raw("topicC"))
              .createTopic(1, 1)
              .sharedProducer());
  ScenarioBuilder renewProducers = scenario("renew producers").exec(kafka("renew send").send("z"));
  ScenarioBuilder renewConsumers =
      scenario("renew consumers")
          .exec(
              kafka("renew")
                  .shareConsume(kafkaload.Params.fromSystemProperties().raw("topicC"))
                  .consumers(1)
                  .property("max.poll.records", 4)
                  .groupConfig("share.record.lock.duration.ms", 3_000)
                  .processing(Duration.ofMillis(1_000))
                  .renewLocks(true)
                  .during(Duration.ofSeconds(HEAD_START + 3))
                  .drainTimeout(Duration.ofSeconds(30)));

  ScenarioBuilder slowProducers = scenario("slow producers").exec(kafka("slow send").send("y"));
  ScenarioBuilder slowConsumers =
      scenario("slow consumers")
          .exec(
              kafka("slow")
                  .shareConsume(kafkaload.Params.fromSystemProperties().raw("topicB"))
                  .consumers(3)
                  .property("max.poll.records", 2)
                  .groupConfig("share.record.lock.duration.ms", 1_000)
                  .slowConsumers(1, Duration.ofMillis(2_500))
                  .requestPerPoll(true)
                  .during(Duration.ofSeconds(HEAD_START + 3))
                  .drainTimeout(Duration.ofSeconds(30)));

  {
    setUp(
            exactConsumers.injectOpen(atOnceUsers(4)).protocols(exactProtocol),
            exactProducers
                .injectOpen(nothingFor(HEAD_START), constantUsersPerSec(100).during(2))
                .protocols(exactProtocol),
            slowConsumers.injectOpen(atOnceUsers(3)).protocols(slowProtocol),
            slowProducers
                .injectOpen(nothingFor(HEAD_START), constantUsersPerSec(30).during(2))
                .protocols(slowProtocol),
            renewConsumers.injectOpen(atOnceUsers(1)).protocols(renewProtocol),
            renewProducers
                .injectOpen(nothingFor(HEAD_START), atOnceUsers(10))
                .protocols(renewProtocol))
        .maxDuration(90);
  }
}
