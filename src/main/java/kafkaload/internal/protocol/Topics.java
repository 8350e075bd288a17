package kafkaload.internal.protocol;

import kafkaload.internal.admin.TopicPlan;

/** The default topic of send actions (null: each names its own) and what preflight does. */
public record Topics(String topic, TopicPlan plan) {
  public static final Topics NONE = new Topics(null, TopicPlan.DEFAULT);

  public Topics withTopic(String t) {
    return new Topics(t, plan);
  }

  public Topics withPlan(TopicPlan p) {
    return new Topics(topic, p);
  }
}
