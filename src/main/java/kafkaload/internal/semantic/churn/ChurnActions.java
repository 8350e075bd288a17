package kafkaload.internal.semantic.churn;

import io.gatling.core.action.builder.ActionBuilder;
import kafkaload.internal.action.Actions;

/** The churn as Gatling builds it: its checks first (the plan parsed), then the action. */
public final class ChurnActions {
  private ChurnActions() {}

  /**
   * Refused before any load on a bad plan (an unknown step, a consumer that does not exist,
   * overlapping steps, a step past the load's end, a stall within max.poll.interval.ms); the topic
   * is the protocol's unless the spec names one.
   */
  public static ActionBuilder churn(ChurnSpec spec) {
    return Actions.named(
        spec.requestName(),
        (c, ctx, next) -> {
          ChurnPlan plan = spec.plan();
          ChurnSpec bound =
              spec.topic() == null
                  ? spec.withTopic(c.protocol().oneTopic("Churn '" + spec.requestName() + "'"))
                  : spec;
          return new ChurnAction(bound, plan, c.start(), next);
        });
  }
}
