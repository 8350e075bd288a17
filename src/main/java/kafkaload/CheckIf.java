package kafkaload;

import io.gatling.javaapi.core.CheckBuilder;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Gatling's {@code checkIf(condition).then(checks)} on a Kafka action: the checks run on the record
 * only when the condition holds, else they pass and save nothing.
 *
 * @param <B> the action builder the checks are added to
 */
public final class CheckIf<B> {
  private final Function<List<CheckBuilder>, B> then;

  CheckIf(Function<List<CheckBuilder>, B> then) {
    this.then = then;
  }

  /** The checks to apply when the condition holds. */
  public B then(CheckBuilder... checks) {
    return then(Arrays.asList(checks));
  }

  /** The checks to apply when the condition holds. */
  public B then(List<CheckBuilder> checks) {
    return then.apply(List.copyOf(checks));
  }
}
