package kafkaload.internal.protocol;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.stream.Stream;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.IsolationLevel;

/**
 * Consumer groups under test, their lag sampled every {@code intervalMs} and judged after the run;
 * {@code isolationLevel}: against the high-water mark or the last stable offset (read_committed);
 * null for the protocol's.
 */
@RecordBuilder
public record LagSettings(List<String> groups, long intervalMs, IsolationLevel isolationLevel)
    implements LagSettingsBuilder.With {
  public static final LagSettings NONE = new LagSettings(List.of(), 2000, null);

  public LagSettings {
    groups = List.copyOf(groups);
  }

  /**
   * These groups sampled every {@code intervalMs}; refused when a name is empty or below 100 ms.
   */
  public LagSettings withGroups(long intervalMs, String... names) {
    if (Stream.of(names).anyMatch(g -> g == null || g.isBlank())) {
      throw new KafkaLoadConfigException("lagMonitor: a consumer group name is empty");
    }
    if (intervalMs < 100) {
      throw new KafkaLoadConfigException(
          "lagMonitor: the sampling interval must be >= 100 ms, not " + intervalMs);
    }
    return new LagSettings(List.of(names), intervalMs, isolationLevel);
  }
}
