package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.churn.ChurnPlan.Action;
import kafkaload.internal.semantic.churn.ChurnPlan.Step;

/**
 * The consumers of a churn plan as its steps are walked in time order: which run, which crashed;
 * each step resolved to the consumers it acts on, or refused, naming the step, when they do not
 * exist. Mutable, used only while {@link ChurnPlan#parse} runs.
 */
final class ChurnRoster {
  private final int initial;

  /** Running consumers in the order they started (last: the most recently started). */
  private final List<Integer> running = new ArrayList<>();

  /** Crashed consumers in the order they crashed. */
  private final List<Integer> crashed = new ArrayList<>();

  private int next = 1;

  ChurnRoster(int initial) {
    this.initial = initial;
    for (int i = 0; i < initial; i++) {
      running.add(next++);
    }
  }

  Step resolve(Action action, int count, long atMillis, long durationMillis) {
    List<Integer> acted = new ArrayList<>();
    switch (action) {
      case JOIN -> {
        for (int i = 0; i < count; i++) {
          acted.add(next);
          running.add(next++);
        }
      }
      case LEAVE, CRASH, STALL -> {
        if (count > running.size()) {
          throw new KafkaLoadConfigException(
              String.format(
                  "-Dchurn.plan step %s %s %s consumer%s but %s running at %s (%s at the start, "
                      + "the steps before it counted)",
                  written(action, count, atMillis, durationMillis),
                  verb(action),
                  count,
                  count == 1 ? "" : "s",
                  running.isEmpty()
                      ? "none is"
                      : running.size() + (running.size() == 1 ? " is" : " are"),
                  ChurnPlan.formatMillis(atMillis),
                  initial));
        }
        List<Integer> last = running.subList(running.size() - count, running.size());
        acted.addAll(last);
        if (action != Action.STALL) {
          last.clear();
        }
        if (action == Action.CRASH) {
          crashed.addAll(acted);
        }
      }
      case RESTART -> {
        if (count > crashed.size()) {
          throw new KafkaLoadConfigException(
              String.format(
                  "-Dchurn.plan step %s restarts %s crashed consumer%s but %s crashed at %s: a "
                      + "restart follows a crash:N@T",
                  written(action, count, atMillis, durationMillis),
                  count,
                  count == 1 ? "" : "s",
                  crashed.isEmpty()
                      ? "none is"
                      : crashed.size() + (crashed.size() == 1 ? " is" : " are"),
                  ChurnPlan.formatMillis(atMillis)));
        }
        List<Integer> first = crashed.subList(0, count);
        acted.addAll(first);
        first.clear();
        running.addAll(acted);
      }
      case ROLLING -> {
        if (running.isEmpty()) {
          throw new KafkaLoadConfigException(
              String.format(
                  "-Dchurn.plan step rolling@%s+%s restarts every running consumer but none is "
                      + "running at %s",
                  ChurnPlan.formatMillis(atMillis),
                  ChurnPlan.formatMillis(durationMillis),
                  ChurnPlan.formatMillis(atMillis)));
        }
        acted.addAll(running.stream().sorted().toList());
      }
    }
    return new Step(action, acted, atMillis, durationMillis);
  }

  private static String verb(Action action) {
    return switch (action) {
      case LEAVE -> "closes";
      case CRASH -> "crashes";
      default -> "stalls";
    };
  }

  /** The step as written, before its consumers are known. */
  private static String written(Action action, int count, long atMillis, long durationMillis) {
    return action.label()
        + ":"
        + count
        + "@"
        + ChurnPlan.formatMillis(atMillis)
        + (action.hasDuration() ? "+" + ChurnPlan.formatMillis(durationMillis) : "");
  }
}
