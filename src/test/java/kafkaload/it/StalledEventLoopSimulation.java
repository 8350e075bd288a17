package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;

/**
 * Two users send for 6 s while a third blocks its event loop for 500 ms, three times: what an
 * injector whose event loops lag looks like (every user on that loop starts its next request late).
 */
public class StalledEventLoopSimulation extends Simulation {
  static final int STALL_MS = 500;

  ScenarioBuilder senders =
      scenario("senders")
          .during(Duration.ofSeconds(6))
          .on(exec(kafka("send").send(noKey(), randomBytes(100))).pause(Duration.ofMillis(20)));

  // It sends too: the protocol probes the event loops of the users of scenarios that use it.
  ScenarioBuilder staller =
      scenario("staller")
          .exec(kafka("send").send(noKey(), randomBytes(100)))
          .pause(1)
          .repeat(3)
          .on(stall(STALL_MS).pause(Duration.ofSeconds(1)));

  /** Blocks the user's event loop, on purpose, for {@code ms}. */
  static ChainBuilder stall(int ms) {
    return exec(
        session -> {
          try {
            Thread.sleep(ms);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return session;
        });
  }

  {
    setUp(senders.injectOpen(atOnceUsers(2)), staller.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(System.getProperty("topic")).createTopic(2, 1))
        .maxDuration(60);
  }
}
