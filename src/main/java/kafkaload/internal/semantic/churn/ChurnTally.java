package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.semantic.churn.ChurnCost.EventCost;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnFigures.Counts;
import kafkaload.internal.semantic.churn.ChurnFigures.Event;
import kafkaload.internal.semantic.churn.ChurnFigures.Reads;
import kafkaload.internal.semantic.churn.ChurnFigures.Recovery;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;
import kafkaload.internal.semantic.churn.ChurnFigures.Unread;

/**
 * A round's figures from what its consumers read: which produced records were never read (by
 * identity: partition and offset, against the topic's offsets at the start and end of the load),
 * one step's cost as a figure, and the gates' verdicts. Pure functions.
 */
final class ChurnTally {
  private ChurnTally() {}

  /**
   * The records of {@code [start, end)} per partition that no read covers; a partition missing from
   * {@code start} starts at 0.
   */
  static List<Unread> unread(List<Read> reads, Map<Integer, Long> start, Map<Integer, Long> end) {
    Map<Integer, List<long[]>> byPartition = byPartition(reads);
    List<Unread> unread = new ArrayList<>();
    for (Map.Entry<Integer, Long> e : new TreeMap<>(end).entrySet()) {
      int p = e.getKey();
      long from = start.getOrDefault(p, 0L);
      long to = e.getValue();
      if (to <= from) {
        continue;
      }
      List<long[]> clipped = new ArrayList<>();
      for (long[] r : byPartition.getOrDefault(p, List.of())) {
        long a = Math.max(r[0], from);
        long b = Math.min(r[1], to - 1);
        if (b >= a) {
          clipped.add(new long[] {a, b});
        }
      }
      long missing = (to - from) - ChurnCost.unionLength(clipped);
      if (missing > 0) {
        unread.add(new Unread(p, missing, firstMissing(clipped, from)));
      }
    }
    return unread;
  }

  /** Records read at least once, counted by identity: produced minus those never read. */
  static long readAtLeastOnce(long produced, List<Unread> unread) {
    return produced - unread.stream().mapToLong(Unread::records).sum();
  }

  /**
   * One step's cost as the section shows it; {@code loadStart} is the round's time zero, the lag,
   * latency and Kafka's figures are the window's.
   */
  static Event event(
      String step,
      long loadStart,
      EventCost cost,
      ChurnFigures.Lag lag,
      ChurnFigures.EndToEnd endToEnd,
      ChurnFigures.KafkaRebalances kafka) {
    long longestUnowned =
        cost.unowned().values().stream()
            .flatMap(List::stream)
            .mapToLong(ChurnCost.Window::millis)
            .max()
            .orElse(0);
    long read = cost.readPerSecond().stream().mapToLong(Long::longValue).sum();
    long window = cost.toMillis() - cost.atMillis();
    return new Event(
        step,
        cost.atMillis() - loadStart,
        window,
        new Recovery(
            orNull(cost.allOwnedAfterMillis()),
            orNull(cost.allReadAfterMillis()),
            longestUnowned,
            cost.longestPauseMillis()),
        new Reads(
            cost.readTwice(),
            read == 0 ? 0 : Math.round(cost.readTwice() * 10_000.0 / read) / 100.0,
            minWholeSecond(cost.readPerSecond(), window),
            cost.readPerSecond()),
        lag,
        endToEnd,
        kafka);
  }

  private static Long orNull(java.util.OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }

  /** The fewest records read in a whole second of a window of {@code windowMs}; null: none. */
  static Long minWholeSecond(List<Long> perSecond, long windowMs) {
    int whole = (int) Math.min(perSecond.size(), windowMs / 1000);
    return whole == 0
        ? null
        : perSecond.subList(0, whole).stream().mapToLong(Long::longValue).min().getAsLong();
  }

  /** Null when every record was read, else the KO's reason naming the partitions. */
  static String unreadVerdict(Round round) {
    Counts c = round.counts();
    if (c.unread().isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    for (Unread u : c.unread()) {
      b.append(b.length() == 0 ? "" : ", ")
          .append(
              String.format(
                  Locale.ROOT,
                  "partition %d: %,d from offset %d",
                  u.partition(),
                  u.records(),
                  u.firstOffset()));
    }
    return String.format(
        Locale.ROOT,
        "%s lost records: %,d of %,d produced never read (%s)",
        round.protocol(),
        c.produced() - c.readAtLeastOnce(),
        c.produced(),
        b);
  }

  /** Null when every step's pause is within {@code maxPauseMs} (or there is no bound). */
  static String pauseVerdict(Round round, Long maxPauseMs) {
    if (maxPauseMs == null) {
      return null;
    }
    for (Event e : round.events()) {
      if (e.recovery().longestUnownedMs() > maxPauseMs) {
        return String.format(
            Locale.ROOT,
            "%s %s: a partition had no owner for %,d ms, above churn.maxPauseMs %,d",
            round.protocol(),
            e.step(),
            e.recovery().longestUnownedMs(),
            maxPauseMs);
      }
    }
    return null;
  }

  /** Null when every step read twice at most {@code maxPct} of its records (or no bound). */
  static String readTwiceVerdict(Round round, Double maxPct) {
    if (maxPct == null) {
      return null;
    }
    for (Event e : round.events()) {
      if (e.reads().readTwicePct() > maxPct) {
        return String.format(
            Locale.ROOT,
            "%s %s: %,d records read twice (%.2f %% of those read), above churn.maxReadTwicePct %s",
            round.protocol(),
            e.step(),
            e.reads().readTwice(),
            e.reads().readTwicePct(),
            maxPct);
      }
    }
    return null;
  }

  private static Map<Integer, List<long[]>> byPartition(List<Read> reads) {
    Map<Integer, List<long[]>> m = new TreeMap<>();
    for (Read r : reads) {
      m.computeIfAbsent(r.partition(), k -> new ArrayList<>())
          .add(new long[] {r.firstOffset(), r.lastOffset()});
    }
    return m;
  }

  private static long firstMissing(List<long[]> covered, long from) {
    long next = from;
    for (long[] r :
        covered.stream().sorted(java.util.Comparator.comparingLong(x -> x[0])).toList()) {
      if (r[0] > next) {
        return next;
      }
      next = Math.max(next, r[1] + 1);
    }
    return next;
  }
}
