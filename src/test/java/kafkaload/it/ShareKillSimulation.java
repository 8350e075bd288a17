package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's side of {@link ShareConsumerKillIT}: two share groups, each with its own protocol,
 * topic ({@code -DkillTopic}, {@code -DfreezeTopic}, 1 partition, made by the test) and group
 * ({@code -DkillGroup}, {@code -DfreezeGroup}); 3 share consumers each. In each group a consumer of
 * another process takes some of the run's records: the "kill" group's is killed (30 s locks: its
 * records must come back long before they could expire), the "freeze" group's is frozen (2 s locks:
 * they come back when they expire). Producers send {@code BURSTS} bursts of {@code BURST} records,
 * 200 ms apart, from {@code HEAD_START} s on: a burst goes out as one batch, so one poll takes
 * several.
 */
public class ShareKillSimulation extends Simulation {
  static final int HEAD_START = 3;
  static final int BURST = 8;
  static final int BURSTS = 20;
  static final int LOAD_SECONDS = 4;
  static final int KILL_LOCK_MS = 30_000;
  static final int FREEZE_LOCK_MS = 2_000;
  static final int DRAIN_SECONDS = 60;

  // One protocol instance (one ledger) per group, for its producers and consumers, as in
  // ShareSimulation.
  ProtocolBuilder killProtocol =
      ShareSimulation.once(kafka().topic(System.getProperty("killTopic")).sharedProducer());
  ProtocolBuilder freezeProtocol =
      ShareSimulation.once(kafka().topic(System.getProperty("freezeTopic")).sharedProducer());

  static ScenarioBuilder consumers(String name, int lockMs) {
    return scenario(name + " consumers")
        .exec(
            kafka(name)
                .shareConsume(System.getProperty(name + "Topic"))
                .group(System.getProperty(name + "Group"))
                .consumers(3)
                .groupConfig("share.record.lock.duration.ms", lockMs)
                .during(Duration.ofSeconds(HEAD_START + LOAD_SECONDS))
                .drainTimeout(Duration.ofSeconds(DRAIN_SECONDS)));
  }

  static List<OpenInjectionStep> bursts() {
    List<OpenInjectionStep> steps = new ArrayList<>();
    steps.add(nothingFor(HEAD_START));
    for (int i = 0; i < BURSTS; i++) {
      steps.add(atOnceUsers(BURST));
      steps.add(nothingFor(Duration.ofMillis(LOAD_SECONDS * 1000 / BURSTS)));
    }
    return steps;
  }

  {
    setUp(
            consumers("kill", KILL_LOCK_MS).injectOpen(atOnceUsers(3)).protocols(killProtocol),
            scenario("kill producers")
                .exec(kafka("kill send").send("k"))
                .injectOpen(bursts())
                .protocols(killProtocol),
            consumers("freeze", FREEZE_LOCK_MS)
                .injectOpen(atOnceUsers(3))
                .protocols(freezeProtocol),
            scenario("freeze producers")
                .exec(kafka("freeze send").send("f"))
                .injectOpen(bursts())
                .protocols(freezeProtocol))
        .maxDuration(HEAD_START + LOAD_SECONDS + DRAIN_SECONDS + 30);
  }
}
