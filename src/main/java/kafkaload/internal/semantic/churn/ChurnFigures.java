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
   * One protocol's round: its group, its record counts, what each step cost, the group's reads and
   * lag per second of the load, its steady state before the first step, Kafka's own figures for the
   * whole round, and its verdict (null: every record read).
   */
  public record Round(
      String protocol,
      String group,
      Counts counts,
      List<Event> events,
      PerSecond perSecond,
      Steady steady,
      KafkaGroup kafka,
      String verdict) {
    public Round {
      events = List.copyOf(events);
    }

    Round withProtocol(String name) {
      return new Round(name, group, counts, events, perSecond, steady, kafka, verdict);
    }

    Round withVerdict(String why) {
      return new Round(protocol, group, counts, events, perSecond, steady, kafka, why);
    }
  }

  /**
   * The records produced during the round's load (the topic's end offsets against those at its
   * start), how many were read at least once and twice, and those never read per partition.
   */
  public record Counts(long produced, long readAtLeastOnce, long readTwice, List<Unread> unread) {
    public Counts {
      unread = List.copyOf(unread);
    }
  }

  /** Records of a partition never read: how many, and the first of them. */
  public record Unread(int partition, long records, long firstOffset) {}

  /**
   * Each second of the load: the records the group read, and the highest lag sampled (records
   * acknowledged and not yet read, every {@value ChurnLag#STEP_MS} ms).
   */
  public record PerSecond(List<Long> read, List<Long> lag) {
    public PerSecond {
      read = List.copyOf(read);
      lag = List.copyOf(lag);
    }
  }

  /**
   * The round before its first step (from the load's second second): the highest lag and the
   * end-to-end p99; nulls when the first step leaves no such window.
   */
  public record Steady(Long lag, Long endToEndP99Ms) {}

  /**
   * Kafka's own view of the round: the rebalances its clients counted, the highest {@code
   * rebalance-latency-max} they printed, the highest generation (member epoch under KIP-848), and
   * the group as {@code describeConsumerGroups} showed it at the end of the load (its state,
   * members and, under KIP-848, group epoch).
   */
  public record KafkaGroup(
      long rebalances,
      Long rebalanceLatencyMaxMs,
      int generation,
      String state,
      int members,
      Integer groupEpoch) {}

  /** What one step of the plan cost, from its start to the next step's (or the end of the load). */
  public record Event(
      String step,
      long atMs,
      long windowMs,
      Recovery recovery,
      Reads reads,
      Lag lag,
      EndToEnd endToEnd,
      KafkaRebalances kafka) {}

  /**
   * How long the group took to recover.
   *
   * @param allOwnedAfterMs until every partition had an owner again (null: not before the window
   *     ended)
   * @param allReadAfterMs until every partition was read again (null: not before the window ended)
   * @param longestUnownedMs the pause: the longest window any one partition had no owner
   * @param longestNoReadMs the consumption gap: the longest time no consumer read any record
   */
  public record Recovery(
      Long allOwnedAfterMs, Long allReadAfterMs, long longestUnownedMs, long longestNoReadMs) {}

  /**
   * What the group read in the window.
   *
   * @param readTwice records read in the window that had been read already
   * @param readTwicePct of the records read in the window
   * @param minReadPerSec the fewest records the group read in one whole second of the window (a
   *     last partial second left out; null when the window is under a second)
   * @param perSecond records read by the group in each second of the window
   */
  public record Reads(
      long readTwice, double readTwicePct, Long minReadPerSec, List<Long> perSecond) {
    public Reads {
      perSecond = List.copyOf(perSecond);
    }
  }

  /**
   * The lag in the window: its peak, and the time from the step until it was back at or under the
   * steady lag after that peak (null: not within the window, or no steady lag).
   */
  public record Lag(long peak, Long backToSteadyMs) {}

  /** The records read in the window: how many had a latency, its p99 and max in ms. */
  public record EndToEnd(long records, Long p99Ms, Long maxMs) {}

  /**
   * Kafka's own figures for the window ({@link ChurnRebalances}): the rebalances the clients
   * counted, their average latency, the highest {@code rebalance-latency-max} printed, and the
   * highest generation seen; latencies null when no rebalance was counted.
   */
  public record KafkaRebalances(
      long rebalances, Long latencyAvgMs, Long latencyMaxMs, int generation) {}
}
