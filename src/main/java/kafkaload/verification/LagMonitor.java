package kafkaload.verification;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the lag of the consumer groups under test through AdminClient, as kafka-consumer-groups --describe
 * computes it: per partition with a committed offset, the end offset minus the committed offset. The groups may
 * belong to a real service; this tool's own readers are never among them unless named.
 */
public final class LagMonitor implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LagMonitor.class);

  public record Sample(double second, long totalLag) {}

  /** The verdict for one group. drainSeconds is null when the lag did not reach zero within the bound. */
  public record Verdict(String group, long maxLag, double slopePerSecond, boolean rising, Double drainSeconds,
      long lagAtEnd) {}

  private final Admin admin;
  private final List<String> groups;
  private final long startNanos = System.nanoTime();
  private final Map<String, List<Sample>> samples = new LinkedHashMap<>();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "kafkaload-lag-monitor");
    t.setDaemon(true);
    return t;
  });

  private LagMonitor(Admin admin, List<String> groups) {
    this.admin = admin;
    this.groups = List.copyOf(groups);
    groups.forEach(g -> samples.put(g, Collections.synchronizedList(new ArrayList<>())));
  }

  public static LagMonitor start(Admin admin, List<String> groups, long intervalMs) {
    LagMonitor m = new LagMonitor(admin, groups);
    m.timer.scheduleAtFixedRate(m::sampleAll, 0, intervalMs, TimeUnit.MILLISECONDS);
    return m;
  }

  public List<String> groups() {
    return groups;
  }

  private void sampleAll() {
    double second = (System.nanoTime() - startNanos) / 1e9;
    for (String g : groups) {
      try {
        long total = lag(admin, g).values().stream().mapToLong(Long::longValue).sum();
        samples.get(g).add(new Sample(Math.round(second * 10) / 10.0, total));
      } catch (RuntimeException e) {
        LOG.debug("lag of group {} not sampled: {}", g, e.toString());
      }
    }
  }

  /** Lag per partition of the group now: end offset minus committed offset, for partitions with a commit. */
  public static Map<TopicPartition, Long> lag(Admin admin, String group) {
    try {
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      committed.forEach((tp, om) -> {
        if (om != null) {
          request.put(tp, OffsetSpec.latest());
        }
      });
      if (request.isEmpty()) {
        return Map.of();
      }
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
          admin.listOffsets(request).all().get(10, TimeUnit.SECONDS);
      Map<TopicPartition, Long> lag = new TreeMap<>((a, b) -> a.topic().equals(b.topic())
          ? Integer.compare(a.partition(), b.partition()) : a.topic().compareTo(b.topic()));
      request.keySet().forEach(tp -> lag.put(tp, Math.max(0, ends.get(tp).offset() - committed.get(tp).offset())));
      return lag;
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the lag of group '" + group + "': " + e, e);
    }
  }

  public Map<String, List<Sample>> samples() {
    Map<String, List<Sample>> out = new LinkedHashMap<>();
    samples.forEach((g, s) -> {
      synchronized (s) {
        out.put(g, new ArrayList<>(s));
      }
    });
    return out;
  }

  /**
   * Judges a group once its producers have stopped: the trend over the last {@code windowSeconds} of the load
   * (least-squares slope; rising when above {@code maxSlope} records/s and the window ends higher than it began),
   * then waits up to {@code drainTimeoutMs} for the lag to reach zero.
   */
  public Verdict judge(String group, double windowSeconds, double maxSlope, long drainTimeoutMs, long intervalMs)
      throws InterruptedException {
    List<Sample> load = samples().get(group);
    double end = load.isEmpty() ? 0 : load.get(load.size() - 1).second();
    List<Sample> window = load.stream().filter(s -> s.second() >= end - windowSeconds).toList();
    double slope = slope(window);
    boolean rising = window.size() >= 3 && slope > maxSlope
        && window.get(window.size() - 1).totalLag() > window.get(0).totalLag();
    long max = load.stream().mapToLong(Sample::totalLag).max().orElse(0);
    long t0 = System.nanoTime();
    Double drained = null;
    long lagNow = -1;
    while (System.nanoTime() - t0 < drainTimeoutMs * 1_000_000L) {
      lagNow = lag(admin, group).values().stream().mapToLong(Long::longValue).sum();
      if (lagNow == 0) {
        drained = (System.nanoTime() - t0) / 1e9;
        break;
      }
      Thread.sleep(Math.min(intervalMs, 500));
    }
    return new Verdict(group, max, slope, rising, drained, lagNow);
  }

  static double slope(List<Sample> s) {
    int n = s.size();
    if (n < 2) {
      return 0;
    }
    double mx = s.stream().mapToDouble(Sample::second).average().orElse(0);
    double my = s.stream().mapToDouble(Sample::totalLag).average().orElse(0);
    double num = 0;
    double den = 0;
    for (Sample x : s) {
      num += (x.second() - mx) * (x.totalLag() - my);
      den += (x.second() - mx) * (x.second() - mx);
    }
    return den == 0 ? 0 : num / den;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
