package kafkaload.internal.run;

import java.util.Comparator;
import java.util.List;
import kafkaload.internal.run.Reconciled.TopicResult;

/**
 * A run over many topics shows its worst few rather than all: the most lost first, then the most
 * duplicated, then a changed topic, then the fewest acked (the lowest throughput). The summary
 * lists such a run's topics in this order, so the console, the page and the Topics section show the
 * same ones.
 */
public final class WorstTopics {
  /** More topics than this: the console and the page show the worst {@link #SHOWN} only. */
  public static final int MANY = 10;

  /** Topics the console shows of a run over many. */
  public static final int SHOWN = 5;

  /** Worst first; ties by name, so the choice is stable. */
  public static final Comparator<TopicResult> WORST_FIRST =
      Comparator.comparingLong(TopicResult::lost)
          .reversed()
          .thenComparing(Comparator.comparingLong(TopicResult::duplicates).reversed())
          .thenComparing(t -> t.change() == null)
          .thenComparingLong(TopicResult::ackedOk)
          .thenComparing(TopicResult::topic);

  private WorstTopics() {}

  /** The {@code n} worst of {@code topics}, worst first. */
  public static List<TopicResult> worst(List<TopicResult> topics, int n) {
    return topics.stream().sorted(WORST_FIRST).limit(n).toList();
  }
}
