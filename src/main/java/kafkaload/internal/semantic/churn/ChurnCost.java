package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import kafkaload.internal.semantic.churn.ChurnEvent.Change;
import kafkaload.internal.semantic.churn.ChurnEvent.Life;
import kafkaload.internal.semantic.churn.ChurnEvent.Ownership;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnEvent.State;

/**
 * What one churn event cost, from the consumers' timelines (their {@link ChurnEvent}s): per
 * partition the windows with no owner, the time from the event until every partition is owned
 * again, and until every partition is read again, the longest pause with no record read by anyone,
 * the records read twice, and the records read per second. Pure functions, no clock: a record's
 * identity is its partition and offset (a {@link Read}'s first to last offset, contiguous on a
 * topic without transactions or compaction). Ownership is as the consumers reported it: a crashed
 * consumer owns nothing after its death ({@link Timeline#goneAtMillis}); a stalled one reports its
 * loss only when it polls again, so its partitions show in the time until read again, not in the
 * unowned windows.
 */
public final class ChurnCost {
  private ChurnCost() {}

  /** From {@code fromMillis} (included) to {@code toMillis} (excluded), epoch milliseconds. */
  public record Window(long fromMillis, long toMillis) {
    public long millis() {
      return toMillis - fromMillis;
    }
  }

  /**
   * One consumer's events, and when its process died without a word (a crash), if it did: its
   * ownership ends there.
   */
  public record Timeline(String name, List<ChurnEvent> events, OptionalLong goneAtMillis) {
    public Timeline {
      events = List.copyOf(events);
    }
  }

  /**
   * One event's cost over {@code [atMillis, toMillis)}: unowned windows per partition (only those
   * with one), the time until every partition was owned again and until every one was read again
   * (empty when that did not happen before {@code toMillis}), the longest pause with no read, the
   * records read in the window that had been read already, and the records read per second.
   */
  public record EventCost(
      long atMillis,
      long toMillis,
      Map<Integer, List<Window>> unowned,
      OptionalLong allOwnedAfterMillis,
      OptionalLong allReadAfterMillis,
      long longestPauseMillis,
      long readTwice,
      List<Long> readPerSecond) {
    public EventCost {
      unowned = Map.copyOf(unowned);
      readPerSecond = List.copyOf(readPerSecond);
    }
  }

  /**
   * The cost of the event at {@code atMillis} on a topic of {@code partitions}, until {@code to}.
   */
  public static EventCost of(List<Timeline> consumers, int partitions, long atMillis, long to) {
    Map<Integer, List<Window>> unowned = new TreeMap<>();
    Map<Integer, List<Window>> owned = ownedWindows(consumers, to);
    List<Read> reads = reads(consumers);
    long allOwned = 0;
    long allRead = 0;
    boolean ownedAgain = true;
    boolean readAgain = true;
    for (int p = 0; p < partitions; p++) {
      List<Window> gaps = unowned(owned.getOrDefault(p, List.of()), atMillis, to);
      if (!gaps.isEmpty()) {
        unowned.put(p, gaps);
      }
      long ownedFrom = gaps.isEmpty() ? atMillis : gaps.get(gaps.size() - 1).toMillis();
      if (ownedFrom >= to) {
        ownedAgain = false;
        readAgain = false;
        continue;
      }
      allOwned = Math.max(allOwned, ownedFrom - atMillis);
      int partition = p;
      OptionalLong firstRead =
          reads.stream()
              .filter(r -> r.partition() == partition && r.atMillis() >= ownedFrom)
              .filter(r -> r.atMillis() < to)
              .mapToLong(Read::atMillis)
              .min();
      if (firstRead.isEmpty()) {
        readAgain = false;
      } else {
        allRead = Math.max(allRead, firstRead.getAsLong() - atMillis);
      }
    }
    return new EventCost(
        atMillis,
        to,
        unowned,
        ownedAgain ? OptionalLong.of(allOwned) : OptionalLong.empty(),
        readAgain ? OptionalLong.of(allRead) : OptionalLong.empty(),
        longestPause(reads, atMillis, to),
        readTwice(reads, atMillis, to),
        readPerSecond(reads, atMillis, to));
  }

  /**
   * Each partition's ownership windows, over every consumer: from an assignment to its revocation,
   * loss, the consumer's close or death, or {@code horizon}.
   */
  static Map<Integer, List<Window>> ownedWindows(List<Timeline> consumers, long horizon) {
    Map<Integer, List<Window>> windows = new TreeMap<>();
    for (Timeline c : consumers) {
      Map<Integer, Long> since = new TreeMap<>();
      for (ChurnEvent e : c.events()) {
        if (e instanceof Ownership o) {
          for (int p : o.partitions()) {
            if (o.change() == Change.ASSIGNED) {
              since.putIfAbsent(p, o.atMillis());
            } else if (since.containsKey(p)) {
              add(windows, p, since.remove(p), o.atMillis());
            }
          }
        } else if (e instanceof Life l && l.state() == State.CLOSED) {
          since.forEach((p, from) -> add(windows, p, from, l.atMillis()));
          since.clear();
        }
      }
      long end = Math.min(horizon, c.goneAtMillis().orElse(horizon));
      since.forEach((p, from) -> add(windows, p, from, Math.max(from, end)));
    }
    return windows;
  }

  private static void add(Map<Integer, List<Window>> windows, int p, long from, long to) {
    windows.computeIfAbsent(p, k -> new ArrayList<>()).add(new Window(from, to));
  }

  /** The parts of {@code [from, to)} that none of {@code owned} covers, in order. */
  static List<Window> unowned(List<Window> owned, long from, long to) {
    List<Window> sorted =
        owned.stream().sorted(Comparator.comparingLong(Window::fromMillis)).toList();
    List<Window> gaps = new ArrayList<>();
    long cursor = from;
    for (Window w : sorted) {
      if (w.toMillis() <= cursor || w.fromMillis() >= to) {
        continue;
      }
      if (w.fromMillis() > cursor) {
        gaps.add(new Window(cursor, w.fromMillis()));
      }
      cursor = Math.max(cursor, w.toMillis());
      if (cursor >= to) {
        break;
      }
    }
    if (cursor < to) {
      gaps.add(new Window(cursor, to));
    }
    return gaps;
  }

  /**
   * The longest time in {@code [from, to)} with no record read by any consumer: before the first
   * read, between two, after the last.
   */
  static long longestPause(List<Read> reads, long from, long to) {
    long last = from;
    long longest = 0;
    for (long at :
        reads.stream()
            .mapToLong(Read::atMillis)
            .filter(t -> t >= from && t < to)
            .sorted()
            .toArray()) {
      longest = Math.max(longest, at - last);
      last = at;
    }
    return Math.max(longest, to - last);
  }

  /**
   * The records read in {@code [from, to)} that had been read before, there or earlier: each read
   * of an offset after its first counts once.
   */
  static long readTwice(List<Read> reads, long from, long to) {
    long twice = 0;
    Map<Integer, List<long[]>> before = new TreeMap<>();
    Map<Integer, List<long[]>> during = new TreeMap<>();
    for (Read r : reads) {
      if (r.atMillis() < to) {
        (r.atMillis() < from ? before : during)
            .computeIfAbsent(r.partition(), k -> new ArrayList<>())
            .add(new long[] {r.firstOffset(), r.lastOffset()});
      }
    }
    for (Map.Entry<Integer, List<long[]>> d : during.entrySet()) {
      List<long[]> earlier = before.getOrDefault(d.getKey(), List.of());
      List<long[]> all = new ArrayList<>(earlier);
      all.addAll(d.getValue());
      long readNow = d.getValue().stream().mapToLong(o -> o[1] - o[0] + 1).sum();
      long newlyRead = unionLength(all) - unionLength(earlier);
      twice += readNow - newlyRead;
    }
    return twice;
  }

  /** How many offsets the inclusive ranges cover together. */
  static long unionLength(List<long[]> ranges) {
    List<long[]> sorted = ranges.stream().sorted(Comparator.comparingLong(r -> r[0])).toList();
    long covered = 0;
    long end = Long.MIN_VALUE;
    for (long[] r : sorted) {
      long start = Math.max(r[0], end + 1);
      if (r[1] >= start) {
        covered += r[1] - start + 1;
      }
      end = Math.max(end, r[1]);
    }
    return covered;
  }

  /** Records read in each second of {@code [from, to)}, by every consumer. */
  static List<Long> readPerSecond(List<Read> reads, long from, long to) {
    long[] seconds = new long[(int) Math.max(0, (to - from + 999) / 1000)];
    for (Read r : reads) {
      if (r.atMillis() >= from && r.atMillis() < to) {
        seconds[(int) ((r.atMillis() - from) / 1000)] += r.records();
      }
    }
    return java.util.Arrays.stream(seconds).boxed().toList();
  }

  /** Every read of {@code consumers}, in their order. */
  static List<Read> reads(List<Timeline> consumers) {
    List<Read> reads = new ArrayList<>();
    for (Timeline c : consumers) {
      for (ChurnEvent e : c.events()) {
        if (e instanceof Read r) {
          reads.add(r);
        }
      }
    }
    return reads;
  }
}
