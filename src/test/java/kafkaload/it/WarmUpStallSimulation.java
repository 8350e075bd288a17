package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A third user blocks its event loop for {@link #STALL_MS} twice while two users send their
 * warm-up, as a JVM's first seconds of compiling can; the measured sends start 2 s after the last
 * stall (a whole health sample between them) and last 4 s.
 */
public class WarmUpStallSimulation extends Simulation {
  static final int STALL_MS = 1500;

  /** The stalls are over: the senders leave their warm-up. Reset per run (one JVM, many runs). */
  private final AtomicBoolean stalled = new AtomicBoolean();

  ScenarioBuilder senders =
      scenario("senders")
          .asLongAs(session -> !stalled.get())
          .on(
              exec(kafka("warm-up send").send(noKey(), randomBytes(100)))
                  .pause(Duration.ofMillis(20)))
          .during(Duration.ofSeconds(4))
          .on(exec(kafka("send").send(noKey(), randomBytes(100))).pause(Duration.ofMillis(20)));

  // It sends too: the protocol probes the event loops of the users of scenarios that use it.
  ScenarioBuilder staller =
      scenario("staller")
          .exec(kafka("warm-up send").send(noKey(), randomBytes(100)))
          .pause(Duration.ofMillis(500))
          .repeat(2)
          .on(StalledEventLoopSimulation.stall(STALL_MS).pause(Duration.ofMillis(500)))
          .pause(Duration.ofSeconds(2))
          .exec(
              session -> {
                stalled.set(true);
                return session;
              });

  {
    setUp(senders.injectOpen(atOnceUsers(2)), staller.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(System.getProperty("topic")).createTopic(2, 1))
        .maxDuration(60);
  }
}
