package kafkaload.internal.semantic.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * The capacity search's steps, apart from any clock or Kafka: after a warm-up plateau at the start
 * rate, the rate doubles until a plateau fails (or halves until one passes, when the start rate
 * already fails), then bisects the bracket until it is within the precision, then confirms the
 * found rate once. A failed confirmation lowers the bracket and bisects on. Deterministic, so
 * injectors that judge the same figures take the same next step.
 */
public final class Search {
  /** What a plateau is for, as shown in the report. */
  public enum Kind {
    WARM_UP,
    RAMP,
    DESCEND,
    BISECT,
    CONFIRM
  }

  /** The next plateau to run: its rate (msg/s over every injector) and why. */
  public record Step(Kind kind, double rate) {}

  private final double precisionPct;
  private final double minRate;

  /** The highest rate that passed, the lowest that failed; 0 and +inf while unknown. */
  private double passed;

  private double failed = Double.POSITIVE_INFINITY;
  private final List<Double> passes = new ArrayList<>();
  private Step next;
  private String stopReason;

  public Search(double startRate, double precisionPct, double minRate) {
    this.precisionPct = precisionPct;
    this.minRate = minRate;
    this.next = new Step(Kind.WARM_UP, startRate);
  }

  /** The plateau to run now; null once the search is over. */
  public Step next() {
    return next;
  }

  /** The highest rate that passed (0 when none). */
  public double sustained() {
    return passed;
  }

  /** The lowest rate that failed above the sustained one (+inf when none). */
  public double failedAbove() {
    return failed;
  }

  /** Why the search ended, when it ended without a confirmed rate; null otherwise. */
  public String stopReason() {
    return stopReason;
  }

  /** The confirmed rate: the search ended with the sustained rate passing twice. */
  public boolean confirmed() {
    return next == null && stopReason == null && passed > 0;
  }

  /** Stops the search from outside (its time is up). */
  public void stop(String reason) {
    if (next != null) {
      next = null;
      stopReason = reason;
    }
  }

  /** The plateau {@link #next()} named ran, and passed all gates or not; sets the next one. */
  public void judged(boolean pass) {
    Step s = next;
    if (s.kind() == Kind.WARM_UP) {
      next = new Step(Kind.RAMP, s.rate());
      return;
    }
    if (pass) {
      passes.add(s.rate());
      passed = Math.max(passed, s.rate());
      if (s.kind() == Kind.CONFIRM) {
        next = null;
      } else if (failed == Double.POSITIVE_INFINITY) {
        next = new Step(Kind.RAMP, s.rate() * 2);
      } else {
        narrow();
      }
      return;
    }
    failed = Math.min(failed, s.rate());
    if (s.kind() == Kind.CONFIRM) {
      // The found rate did not hold twice: it is the new upper bound, the best pass below it the
      // lower one.
      passes.removeIf(r -> r >= s.rate());
      passed = passes.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
    if (passed == 0) {
      double lower = s.rate() / 2;
      if (lower < minRate) {
        next = null;
        stopReason = "no rate met the gates";
      } else {
        next = new Step(Kind.DESCEND, lower);
      }
      return;
    }
    narrow();
  }

  /** Bisect while the bracket is wider than the precision, then confirm its lower end. */
  private void narrow() {
    next =
        (failed - passed) <= passed * precisionPct / 100
            ? new Step(Kind.CONFIRM, passed)
            : new Step(Kind.BISECT, Math.rint((passed + failed) / 2));
  }
}
