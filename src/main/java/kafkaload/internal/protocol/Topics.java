package kafkaload.internal.protocol;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;

/**
 * The default topic of send actions (null: each names its own) and what preflight does; with a
 * {@code count} above 1 the default topic is a prefix and the sends spread over {@code count}
 * topics named {@code topic-0 .. topic-(count-1)}, each planned as one topic is.
 */
@RecordBuilder
public record Topics(String topic, TopicPlan plan, int count) implements TopicsBuilder.With {
  public static final Topics NONE = new Topics(null, TopicPlan.DEFAULT);

  public Topics(String topic, TopicPlan plan) {
    this(topic, plan, 1);
  }

  /** Spread the sends over {@code n} topics named after the default topic. */
  public Topics withCount(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("topics must be at least 1, not " + n);
    }
    return TopicsBuilder.With.super.withCount(n);
  }

  /**
   * The default topic for a step that works on one topic ({@code step} names it); refused when the
   * sends spread over many, whose prefix is no topic.
   */
  public String oneTopic(String step) {
    if (many()) {
      throw new KafkaLoadConfigException(
          String.format(
              "%s has no topic of its own and works on one topic, but the protocol's sends spread"
                  + " over %d topics ('%s-0' to '%s-%d', -Dtopics or kafka().topics(..)): give it"
                  + " its own topic",
              step, count, topic, topic, count - 1));
    }
    return topic;
  }

  /** More than one topic: the default topic names them, it is not one of them. */
  public boolean many() {
    return count > 1;
  }

  /** The topics sends without one of their own go to, in order; empty without a default topic. */
  public List<String> names() {
    if (topic == null) {
      return List.of();
    }
    return many()
        ? IntStream.range(0, count).mapToObj(i -> topic + "-" + i).toList()
        : List.of(topic);
  }

  /**
   * The default topic as a send resolves it: the one topic, or each record the next of the many,
   * round robin (a counter of the action that asks: each send action cycles over all of them).
   */
  public SessionValue<String> spread() {
    if (!many()) {
      return topic == null ? null : SessionValue.constant(topic);
    }
    List<String> all = names();
    AtomicLong next = new AtomicLong();
    return session -> all.get((int) Math.floorMod(next.getAndIncrement(), (long) all.size()));
  }
}
