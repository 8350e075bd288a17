package kafkaload.internal.semantic.faultwatch;

import java.util.Comparator;

/** A topic partition, ordered by topic then partition; shown as "topic-0". */
record Tp(String topic, int partition) implements Comparable<Tp> {
  private static final Comparator<Tp> ORDER =
      Comparator.comparing(Tp::topic).thenComparingInt(Tp::partition);

  @Override
  public int compareTo(Tp o) {
    return ORDER.compare(this, o);
  }

  @Override
  public String toString() {
    return topic + "-" + partition;
  }
}
