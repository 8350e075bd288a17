package kafkaload.internal.protocol;

import java.util.List;

/**
 * Consumer groups under test whose lag is sampled every {@code intervalMs} during the run, judged
 * after it.
 */
public record LagSettings(List<String> groups, long intervalMs) {
  public static final LagSettings NONE = new LagSettings(List.of(), 2000);

  public LagSettings {
    groups = List.copyOf(groups);
  }
}
