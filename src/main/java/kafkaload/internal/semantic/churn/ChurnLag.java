package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The group's lag through a round: at each sample time, the records acknowledged by then minus the
 * distinct records (partition and offset) read by then, so a record read twice counts once and the
 * lag is the records the group owes. Samples every {@value #STEP_MS} ms from the load's start.
 * Pure: the acknowledgement times and the reads are given.
 */
final class ChurnLag {
  static final long STEP_MS = 250;

  /** Samples' time (epoch ms, the end of each step) and lag, in order. */
  record Series(long fromMillis, List<Long> lag) {
    Series {
      lag = List.copyOf(lag);
    }

    long at(int i) {
      return fromMillis + (i + 1) * STEP_MS;
    }
  }

  private ChurnLag() {}

  /** The lag from {@code from} to {@code to}; {@code acked} is every ack's time, any order. */
  static Series series(long[] acked, List<Read> reads, long from, long to) {
    long[] acks = acked.clone();
    java.util.Arrays.sort(acks);
    List<Read> sorted = reads.stream().sorted(Comparator.comparingLong(Read::atMillis)).toList();
    // Roaring64NavigableMap: its addRange of a poll's offsets costs microseconds; Roaring64Bitmap's
    // (RoaringBitmap 1.6) costs milliseconds, minutes of CPU over a long round's polls.
    Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
    List<Long> lag = new ArrayList<>();
    int a = 0;
    int r = 0;
    long distinct = 0;
    // the last sample at the end, so each second of the load, the last partial one too, has one
    for (long step = from + STEP_MS; step - STEP_MS < to; step += STEP_MS) {
      long t = Math.min(step, to);
      while (a < acks.length && acks[a] <= t) {
        a++;
      }
      for (; r < sorted.size() && sorted.get(r).atMillis() <= t; r++) {
        Read read = sorted.get(r);
        Roaring64NavigableMap b =
            seen.computeIfAbsent(read.partition(), k -> new Roaring64NavigableMap());
        long before = b.getLongCardinality();
        b.addRange(read.firstOffset(), read.lastOffset() + 1);
        distinct += b.getLongCardinality() - before;
      }
      lag.add(Math.max(0, a - distinct));
    }
    return new Series(from, lag);
  }

  /** The highest lag sampled in {@code [from, to)}; 0 with no sample there. */
  static long peak(Series s, long from, long to) {
    Long highest = steady(s, from, to);
    return highest == null ? 0 : highest;
  }

  /**
   * The steady lag: the highest sampled in {@code [from, to)}, a window before any step; null when
   * that window holds no sample.
   */
  static Long steady(Series s, long from, long to) {
    Long highest = null;
    for (int i = 0; i < s.lag().size(); i++) {
      if (s.at(i) >= from && s.at(i) < to) {
        highest = Math.max(highest == null ? 0 : highest, s.lag().get(i));
      }
    }
    return highest;
  }

  /**
   * From {@code from} until the lag was back at or under {@code steady} after its peak in {@code
   * [from, to)}; null when it was not back before {@code to}, or there is no steady lag.
   */
  static Long backToSteady(Series s, Long steady, long from, long to) {
    if (steady == null) {
      return null;
    }
    long peak = peak(s, from, to);
    boolean pastPeak = false;
    for (int i = 0; i < s.lag().size(); i++) {
      long at = s.at(i);
      if (at < from || at >= to) {
        continue;
      }
      pastPeak |= s.lag().get(i) == peak;
      if (pastPeak && s.lag().get(i) <= steady) {
        return at - from;
      }
    }
    return null;
  }

  /** The highest lag sampled in each second from the series' start. */
  static List<Long> perSecond(Series s) {
    int per = (int) (1000 / STEP_MS);
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < s.lag().size(); i += per) {
      out.add(
          s.lag().subList(i, Math.min(s.lag().size(), i + per)).stream()
              .mapToLong(Long::longValue)
              .max()
              .orElse(0));
    }
    return out;
  }
}
