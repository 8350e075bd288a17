package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's side of {@link ShareConsumerKillIT}: 3 share consumers of the group {@code -Dgroup} on
 * the existing topic {@code -Dtopic} (2 s locks), and producers that send {@code BURSTS} bursts of
 * {@code BURST} records, 200 ms apart, from {@code HEAD_START} s on (a burst goes out as one batch,
 * so one poll of a consumer takes several records). Another process's consumer in the same group
 * takes some of them and is killed; the run's consumers get them after the lock expires.
 */
public class ShareKillSimulation extends Simulation {
  static final int HEAD_START = 6;
  static final int BURST = 8;
  static final int BURSTS = 20;

  // One protocol instance (one ledger) for producers and consumers, as in ShareSimulation.
  ProtocolBuilder protocol =
      ShareSimulation.once(kafka().topic(System.getProperty("topic")).sharedProducer());

  ScenarioBuilder producers = scenario("producers").exec(kafka("kill send").send("v"));

  ScenarioBuilder consumers =
      scenario("consumers")
          .exec(
              kafka("kill")
                  .shareConsume(System.getProperty("topic"))
                  .group(System.getProperty("group"))
                  .consumers(3)
                  .groupConfig("share.record.lock.duration.ms", 2_000)
                  .during(Duration.ofSeconds(HEAD_START + 4))
                  .drainTimeout(Duration.ofSeconds(30)));

  {
    List<OpenInjectionStep> bursts = new ArrayList<>();
    bursts.add(nothingFor(HEAD_START));
    for (int i = 0; i < BURSTS; i++) {
      bursts.add(atOnceUsers(BURST));
      bursts.add(nothingFor(Duration.ofMillis(200)));
    }
    setUp(
            consumers.injectOpen(atOnceUsers(3)).protocols(protocol),
            producers.injectOpen(bursts).protocols(protocol))
        .maxDuration(90);
  }
}
