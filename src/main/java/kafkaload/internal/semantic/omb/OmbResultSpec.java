package kafkaload.internal.semantic.omb;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * What OMB's result file says of the run it did not measure: the workload's shape with the
 * workload's and the driver's names; and when its windows start (after the warm-up, as OMB resets
 * its stats then).
 */
@RecordBuilder
public record OmbResultSpec(
    OmbTestResult.Shape shape,
    int subscriptionsPerTopic,
    Duration measuredAfter,
    Duration measuredFor)
    implements OmbResultSpecBuilder.With {

  /** Refused, naming the setting, before any load. */
  void check() {
    if (shape.workload() == null
        || shape.driver() == null
        || measuredAfter.isNegative()
        || measuredFor.isNegative()) {
      throw new KafkaLoadConfigException(
          "ombResult: the workload and driver names are required, the warm-up not negative");
    }
  }
}
