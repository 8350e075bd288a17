package kafkaload;

import io.gatling.javaapi.core.ActionBuilder;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.DrainSpec;

/**
 * The consumer-throughput test, kafka-consumer-perf-test's analogue: each virtual user is one consumer thread of a
 * group draining a pre-filled offset range. Consumers run on their own threads (never on Gatling's event loop);
 * each poll that returned records is a request ("name poll", its fetch time), and when the range is drained the
 * last consumer records "name drained", OK only if exactly the pre-filled records were read, and prints records/s,
 * MB/s, fetch time, the group join time, and the count and time of the rebalances after it.
 */
public final class DrainActionBuilder implements ActionBuilder {
  private final DrainSpec spec;

  DrainActionBuilder(DrainSpec spec) {
    this.spec = spec;
  }

  /** The Scala action builder Gatling runs; called by Gatling, not by simulations. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return Actions.drain(spec);
  }
}
