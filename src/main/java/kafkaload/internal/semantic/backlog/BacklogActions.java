package kafkaload.internal.semantic.backlog;

import io.gatling.core.action.builder.ActionBuilder;
import kafkaload.internal.action.Actions;

/** The backlog build-and-drain as Gatling builds it: its checks first, then the action. */
public final class BacklogActions {
  private BacklogActions() {}

  /**
   * Refused before any load without a group under test or a way to pause and resume it; the topic
   * is the protocol's unless the spec names one.
   */
  public static ActionBuilder backlog(BacklogSpec spec) {
    return Actions.named(
        spec.requestName(),
        (c, ctx, next) -> {
          spec.check();
          BacklogSpec bound =
              spec.topic() == null
                  ? spec.withTopic(c.protocol().oneTopic("Backlog '" + spec.requestName() + "'"))
                  : spec;
          return new BacklogAction(bound, c.start(), next);
        });
  }
}
