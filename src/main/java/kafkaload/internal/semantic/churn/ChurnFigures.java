package kafkaload.internal.semantic.churn;

import java.util.List;

/**
 * A consumer churn under load ({@code churn} in a protocol's results): one round per group
 * protocol, in the order run, each with what every step of the plan cost. Times in milliseconds; a
 * step's time counts from the start of the round's load.
 *
 * @param request the request name; its verdicts are {@code "<request> read all"}, {@code "<request>
 *     pause"} and {@code "<request> read twice"}, one of each per round
 * @param plan the plan as resolved ({@code rolling@5s+5s}); empty: no churn, a steady baseline
 * @param maxPauseMs the pause gate (null: none)
 * @param maxReadTwicePct the read-twice gate (null: none)
 */
public record ChurnFigures(
    String request,
    String topic,
    int partitions,
    int consumers,
    String plan,
    int ratePerSec,
    long loadMs,
    Long maxPauseMs,
    Double maxReadTwicePct,
    List<Round> rounds) {
  public ChurnFigures {
    rounds = List.copyOf(rounds);
  }

  /**
   * One protocol's round: its group, the records produced during its load (the topic's end offsets
   * against those at its start), how many were read at least once, those never read per partition,
   * what each step cost, the records the group read in each second of the load, and its verdict
   * (null: every record read).
   */
  public record Round(
      String protocol,
      String group,
      long produced,
      long readAtLeastOnce,
      long readTwice,
      List<Unread> unread,
      List<Event> events,
      List<Long> readPerSecond,
      String verdict) {
    public Round {
      unread = List.copyOf(unread);
      events = List.copyOf(events);
      readPerSecond = List.copyOf(readPerSecond);
    }
  }

  /** Records of a partition never read: how many, and the first of them. */
  public record Unread(int partition, long records, long firstOffset) {}

  /**
   * What one step of the plan cost, from its start to the next step's (or the end of the load).
   *
   * @param allOwnedAfterMs until every partition had an owner again (null: not before the window
   *     ended)
   * @param allReadAfterMs until every partition was read again (null: not before the window ended)
   * @param longestUnownedMs the pause: the longest window any one partition had no owner
   * @param longestNoReadMs the consumption gap: the longest time no consumer read any record
   * @param readTwice records read in the window that had been read already
   * @param readTwicePct of the records read in the window
   * @param minReadPerSec the fewest records the group read in one whole second of the window (a
   *     last partial second left out; null when the window is under a second)
   * @param readPerSecond records read by the group in each second of the window
   */
  public record Event(
      String step,
      long atMs,
      long windowMs,
      Long allOwnedAfterMs,
      Long allReadAfterMs,
      long longestUnownedMs,
      long longestNoReadMs,
      long readTwice,
      double readTwicePct,
      Long minReadPerSec,
      List<Long> readPerSecond) {
    public Event {
      readPerSecond = List.copyOf(readPerSecond);
    }
  }
}
