package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bursts that go wrong. mode=faults: bursts of 5 to a topic that does not exist (every record a
 * KO), and bursts of 5 whose third record cannot be built (a crash; the two before it are sent, the
 * two after it are not), and a silent burst to the missing topic (their KOs still logged).
 * mode=throttled: a burst under Gatling's throttle, refused before any load.
 */
public class BurstSimulation extends Simulation {
  static final int BURST = 5;
  static final int BURSTS = 3;

  String topic = System.getProperty("topic");
  String mode = System.getProperty("mode", "faults");
  // Built one after the other: one user, its bursts in sequence, on one event loop.
  AtomicInteger built = new AtomicInteger();

  ScenarioBuilder missing =
      scenario("missing topic")
          .repeat(BURSTS)
          .on(exec(kafka("missing").send(randomBytes(10)).topic(topic + "-missing").burst(BURST)));
  ScenarioBuilder crash =
      scenario("crash")
          .repeat(BURSTS)
          .on(
              exec(
                  kafka("crash")
                      .send(
                          session -> {
                            if (built.getAndIncrement() == 2) {
                              built.set(
                                  0); // records 4 and 5 are never built: the next burst starts at
                              // its first record
                              throw new IllegalStateException(
                                  "the third record of every burst cannot be built");
                            }
                            return new byte[10];
                          })
                      .burst(BURST)));
  // silent(): its KOs are still logged, with their reason. One burst, so the crash stays above
  // 10 % of the errors and its row keeps its format.
  ScenarioBuilder silent =
      scenario("silent")
          .exec(
              kafka("silent missing")
                  .send(randomBytes(10))
                  .topic(topic + "-missing")
                  .burst(BURST)
                  .silent());
  ScenarioBuilder throttled =
      scenario("throttled").exec(kafka("throttled").send(randomBytes(10)).burst(BURST));

  {
    if (mode.equals("throttled")) {
      setUp(throttled.injectOpen(atOnceUsers(1)))
          .throttle(reachRps(10).in(Duration.ofSeconds(1)))
          .protocols(kafka().topic(topic).createTopic(2, 1));
    } else {
      setUp(
              missing.injectOpen(atOnceUsers(1)),
              crash.injectOpen(atOnceUsers(1)),
              silent.injectOpen(atOnceUsers(1)))
          .maxDuration(60)
          .protocols(kafka().topic(topic).createTopic(2, 1));
    }
  }
}
