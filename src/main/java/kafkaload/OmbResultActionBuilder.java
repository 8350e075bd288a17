package kafkaload;

import java.time.Duration;
import kafkaload.internal.semantic.omb.OmbResultSemantic;
import kafkaload.internal.semantic.omb.OmbResultSpec;
import kafkaload.internal.semantic.omb.OmbTestResult;

/**
 * {@code ombResult("workload", "driver")}: the run also writes OpenMessaging Benchmark's result
 * file, {@code omb-result.json} beside kafka-summary.json (OMB's TestResult: publish rate, errors,
 * consume rate, backlog, the publish, publish-delay and end-to-end latency series in 10-second
 * windows and aggregated, in OMB's units). The first step of a population of one user at the load's
 * start; the windows start {@code measuredAfter} later (after the warm-up). See docs/workloads.md.
 * Every call returns a new builder.
 */
public final class OmbResultActionBuilder extends SpecStep {
  private final OmbResultSpec spec;

  OmbResultActionBuilder(String workload, String driver) {
    this(
        new OmbResultSpec(
            new OmbTestResult.Shape(workload, driver, 0, 1, 1, 1, 0),
            0,
            Duration.ZERO,
            Duration.ZERO));
  }

  private OmbResultActionBuilder(OmbResultSpec spec) {
    super(() -> OmbResultSemantic.step(spec));
    this.spec = spec;
  }

  /** The workload's shape, as OMB's result file repeats it. */
  public OmbResultActionBuilder shape(
      long messageSize,
      int topics,
      int partitionsPerTopic,
      int producersPerTopic,
      int consumerPerSubscription,
      int subscriptionsPerTopic) {
    return new OmbResultActionBuilder(
        spec.withShape(
                new OmbTestResult.Shape(
                    spec.shape().workload(),
                    spec.shape().driver(),
                    messageSize,
                    topics,
                    partitionsPerTopic,
                    producersPerTopic,
                    consumerPerSubscription))
            .withSubscriptionsPerTopic(subscriptionsPerTopic));
  }

  /** The windows start this long after the step (the warm-up is not in OMB's result). */
  public OmbResultActionBuilder measuredAfter(Duration warmUp) {
    return new OmbResultActionBuilder(spec.withMeasuredAfter(warmUp));
  }

  /**
   * The windows end this long after they start (the test's duration, as OMB's stop); zero, the
   * default: when the run's results are made.
   */
  public OmbResultActionBuilder measuredFor(Duration test) {
    return new OmbResultActionBuilder(spec.withMeasuredFor(test));
  }
}
