package kafkaload.internal.semantic.backlog;

/**
 * The arithmetic of a backlog: bytes estimated as lag records × record size, the drain target, and
 * the rates between two readings of the topic's end offsets (produced) and the group's committed
 * positions (consumed). Pure functions.
 */
public final class BacklogMath {
  private BacklogMath() {}

  /**
   * One reading: seconds since the pause, records produced to the topic and consumed (committed) by
   * the group since the start, and the group's lag in records.
   */
  public record Reading(double second, long produced, long consumed, long lag) {}

  /**
   * Records a second between two readings: produced to the topic, consumed (committed) by the
   * group, and the catch-up, consumed minus produced.
   */
  public record Rates(double producedPerSec, double consumedPerSec, double catchUpPerSec) {}

  /** The records that make {@code bytes} of {@code recordSize} each: at least one. */
  public static long records(long bytes, int recordSize) {
    return Math.max(1, (bytes + recordSize - 1) / recordSize);
  }

  /** The estimated bytes of {@code records} of {@code recordSize} each. */
  public static long bytes(long records, int recordSize) {
    return records * recordSize;
  }

  /**
   * The lag at which the backlog counts as drained: {@code (1 - ratio)} of its peak, rounded down
   * (a ratio of 1 asks for no lag at all).
   */
  public static long drainTarget(long peakLag, double ratio) {
    return (long) Math.floor(peakLag * (1 - ratio) + 1e-9);
  }

  /** The rates between {@code from} and {@code to}; zero over no time. */
  public static Rates rates(Reading from, Reading to) {
    double seconds = to.second() - from.second();
    if (seconds <= 0) {
      return new Rates(0, 0, 0);
    }
    double produced = (to.produced() - from.produced()) / seconds;
    double consumed = (to.consumed() - from.consumed()) / seconds;
    return new Rates(produced, consumed, consumed - produced);
  }

  /**
   * The seconds still needed to reach {@code target} from {@code lag} at {@code catchUpPerSec};
   * null when the group does not catch up (the rate is not positive).
   */
  public static Double projectedSeconds(long lag, long target, double catchUpPerSec) {
    if (lag <= target) {
      return 0.0;
    }
    return catchUpPerSec > 0 ? (lag - target) / catchUpPerSec : null;
  }
}
