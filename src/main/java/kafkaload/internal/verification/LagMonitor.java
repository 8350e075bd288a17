package kafkaload.internal.verification;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.results.ProtocolResults.LagSampling;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the lag of the groups under test as kafka-consumer-groups --describe computes it: end
 * offset minus committed, where committed. This tool's own readers are never among them unless
 * named.
 */
public final class LagMonitor implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LagMonitor.class);

  /** Partitions by topic, then number: the order lag and stuck offsets are listed in. */
  public static final Comparator<TopicPartition> BY_TOPIC_PARTITION =
      Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

  public record Sample(double second, long totalLag) {}

  /** One group's verdict; {@code unjudged}: why it could not be judged (a KO, never a PASS). */
  public record Verdict(
      String group,
      long maxLag,
      double slopePerSecond,
      boolean rising,
      Double drainSeconds,
      long lagAtEnd,
      LagSampling sampling,
      String unjudged) {
    static Verdict unjudged(String group, LagSampling sampling, String reason) {
      return new Verdict(group, 0, 0, false, null, -1, sampling, reason);
    }
  }

  /**
   * The samples of one group and the counts behind them, updated together under its lock: every try
   * read a lag (a sample), found no committed offset yet, or failed.
   */
  private static final class GroupSamples {
    private final List<Sample> samples = new ArrayList<>();
    private int failed;
    private int beforeFirstCommit;
    private String lastError;

    synchronized List<Sample> samples() {
      return new ArrayList<>(samples);
    }

    synchronized LagSampling sampling() {
      int tried = samples.size() + beforeFirstCommit + failed;
      return new LagSampling(tried, failed, beforeFirstCommit, lastError);
    }

    /** A lag read at {@code second}: none before the group's first commit (unknown, not 0). */
    synchronized void read(double second, Map<TopicPartition, Long> lag) {
      if (lag.isEmpty()) {
        beforeFirstCommit++;
      } else {
        long total = lag.values().stream().mapToLong(Long::longValue).sum();
        samples.add(new Sample(Math.round(second * 10) / 10.0, total));
      }
    }

    /** Counts a failure; true for the group's first. */
    synchronized boolean failed(String error) {
      lastError = error;
      return ++failed == 1;
    }
  }

  private final Admin admin;
  private final List<String> groups;

  /** read_committed: lag up to the last stable offset, what a transactional reader can reach. */
  private final IsolationLevel isolation;

  /** The time base of the samples' seconds: the injector's sampling start, so charts align. */
  private final long startNanos;

  private final Map<String, GroupSamples> samples = new LinkedHashMap<>();
  private final ScheduledExecutorService timer = Daemons.timer("kafkaload-lag-monitor");

  private LagMonitor(Admin admin, List<String> groups, IsolationLevel isolation, long startNanos) {
    this.startNanos = startNanos;
    this.admin = admin;
    this.isolation = isolation;
    this.groups = List.copyOf(groups);
    groups.forEach(g -> samples.put(g, new GroupSamples()));
  }

  /**
   * Samples every {@code intervalMs}; read_committed lag runs to the last stable offset (open
   * transactions: no lag). Its samples' seconds count from {@code startNanos} (System.nanoTime):
   * the injector's, so the lag chart shares the other charts' seconds and their warm-up mark.
   */
  public static LagMonitor start(
      Admin admin,
      List<String> groups,
      long intervalMs,
      IsolationLevel isolation,
      long startNanos) {
    warnUnknownGroups(admin, groups);
    LagMonitor m = new LagMonitor(admin, groups, isolation, startNanos);
    m.timer.scheduleAtFixedRate(m::sampleAll, 0, intervalMs, TimeUnit.MILLISECONDS);
    return m;
  }

  public List<String> groups() {
    return groups;
  }

  /** What the lag is measured against: the high-water mark, or the last stable offset. */
  public IsolationLevel isolationLevel() {
    return isolation;
  }

  /** An unknown group is no error (a service may create it later), but a typo is worth a line. */
  static void warnUnknownGroups(Admin admin, List<String> groups) {
    for (var described : admin.describeConsumerGroups(groups).describedGroups().entrySet()) {
      String group = described.getKey();
      String state;
      try {
        GroupState s = described.getValue().get(10, TimeUnit.SECONDS).groupState();
        if (s != GroupState.DEAD && s != GroupState.UNKNOWN) {
          continue;
        }
        state = "state " + s;
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof GroupIdNotFoundException)) {
          LOG.info(
              "consumer group '{}' could not be described at the start: {}",
              group,
              e.getCause().toString());
          continue;
        }
        state = "not found";
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        continue;
      } catch (TimeoutException e) {
        LOG.info("consumer group '{}' could not be described at the start within 10 s", group);
        continue;
      }
      warn(
          ("consumer group '%s' is unknown to the cluster at the start (%s): unless its service"
                  + " joins it and commits offsets during the run, the lag verdict fails (check"
                  + " the groups of kafka().lagMonitor(..), or -Dlag.groups)")
              .formatted(group, state));
    }
  }

  private static void warn(String message) {
    LOG.warn(message);
    Console.err("[kafkaload] WARNING: " + message);
  }

  private void sampleAll() {
    double second = (System.nanoTime() - startNanos) / 1e9;
    for (String g : groups) {
      GroupSamples s = samples.get(g);
      try {
        s.read(second, lag(admin, g, isolation));
      } catch (RuntimeException e) {
        // The first failure is shown; the others are counted and judged (most samples failed: a
        // KO).
        if (s.failed(e.getMessage())) {
          warn(
              ("lag of consumer group '%s' not sampled (failed samples are counted; if most fail,"
                      + " the lag verdict is a KO): %s")
                  .formatted(g, e.getMessage()));
        } else {
          LOG.debug("lag of group {} not sampled: {}", g, e.toString());
        }
      }
    }
  }

  /**
   * Lag per partition of the group: end offset minus committed, where it has a commit; the end is
   * the last stable offset with read_committed, the high-water mark otherwise.
   */
  public static Map<TopicPartition, Long> lag(Admin admin, String group, IsolationLevel isolation) {
    try {
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get(10, TimeUnit.SECONDS);
      Map<TopicPartition, OffsetSpec> request =
          committed.entrySet().stream()
              .filter(e -> e.getValue() != null)
              .collect(Collectors.toMap(Map.Entry::getKey, e -> OffsetSpec.latest()));
      if (request.isEmpty()) {
        return Map.of();
      }
      Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
          admin
              .listOffsets(request, new ListOffsetsOptions(isolation))
              .all()
              .get(10, TimeUnit.SECONDS);
      Map<TopicPartition, Long> lag = new TreeMap<>(BY_TOPIC_PARTITION);
      for (TopicPartition tp : request.keySet()) {
        lag.put(tp, Math.max(0, ends.get(tp).offset() - committed.get(tp).offset()));
      }
      return lag;
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the lag of group '" + group + "': " + e, e);
    }
  }

  /** Share group {@code group}'s lag: records not yet settled; -1 without share-partition state. */
  public static long shareLag(Admin admin, String group, long timeoutMs) {
    try {
      Map<TopicPartition, SharePartitionOffsetInfo> offsets =
          admin
              .listShareGroupOffsets(Map.of(group, new ListShareGroupOffsetsSpec()))
              .partitionsToOffsetInfo(group)
              .get(timeoutMs, TimeUnit.MILLISECONDS);
      long[] lags =
          offsets.values().stream()
              .filter(info -> info != null && info.lag().isPresent())
              .mapToLong(info -> info.lag().get())
              .toArray();
      return lags.length == 0 ? -1 : LongStream.of(lags).sum();
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot read the lag of share group '" + group + "': " + e, e);
    }
  }

  public Map<String, List<Sample>> samples() {
    Map<String, List<Sample>> out = new LinkedHashMap<>();
    samples.forEach((g, s) -> out.put(g, s.samples()));
    return out;
  }

  /** Per group, how its sampling went. */
  public Map<String, LagSampling> sampling() {
    Map<String, LagSampling> out = new LinkedHashMap<>();
    samples.forEach((g, s) -> out.put(g, s.sampling()));
    return out;
  }

  /**
   * Judges a group once producers stopped: the slope over the last {@code windowSeconds} (rising
   * above {@code maxSlope}, ending higher), then waits for the lag to reach zero.
   */
  public Verdict judge(
      String group, double windowSeconds, double maxSlope, long drainTimeoutMs, long intervalMs)
      throws InterruptedException {
    LagSampling sampling = samples.get(group).sampling();
    if (sampling.failed() * 2 > sampling.tried()) {
      return Verdict.unjudged(
          group,
          sampling,
          String.format(
              "lag could not be sampled: %s of %s samples failed (last: %s)",
              sampling.failed(), sampling.tried(), sampling.lastError()));
    }
    List<Sample> load = samples().get(group);
    if (load.isEmpty() && lag(admin, group, isolation).isEmpty()) {
      return Verdict.unjudged(
          group,
          sampling,
          "group '%s' never committed an offset during the run: it does not exist, or it never consumed — lag cannot be judged"
              .formatted(group));
    }
    double end = load.isEmpty() ? 0 : load.get(load.size() - 1).second();
    List<Sample> window = load.stream().filter(s -> s.second() >= end - windowSeconds).toList();
    double slope = slope(window);
    boolean rising = rising(window, slope, maxSlope);
    long max = load.stream().mapToLong(Sample::totalLag).max().orElse(0);
    long t0 = System.nanoTime();
    Double drained = null;
    long lagNow = -1;
    while (System.nanoTime() - t0 < drainTimeoutMs * 1_000_000L) {
      Map<TopicPartition, Long> lag = lag(admin, group, isolation);
      // No committed offset (the group's offsets were deleted, say) is no lag to judge (-1), not a
      // lag of 0.
      lagNow = lag.isEmpty() ? -1 : lag.values().stream().mapToLong(Long::longValue).sum();
      if (lagNow == 0) {
        drained = (System.nanoTime() - t0) / 1e9;
        break;
      }
      Thread.sleep(Math.min(intervalMs, 500));
    }
    return new Verdict(
        group, max, slope, rising, drained, lagNow, samples.get(group).sampling(), null);
  }

  /**
   * Rising: at least 3 samples, their {@link #slope} above {@code maxSlope} records/s, and the
   * window ends higher than it began; the one rule of every lag verdict.
   */
  public static boolean rising(List<Sample> window, double slope, double maxSlope) {
    return window.size() >= 3
        && slope > maxSlope
        && window.get(window.size() - 1).totalLag() > window.get(0).totalLag();
  }

  /** The least-squares slope of the samples' lag over time, in records per second. */
  public static double slope(List<Sample> s) {
    if (s.size() < 2) {
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
