package kafkaload.internal.semantic.churn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.semantic.churn.ChurnCost.Timeline;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnEvent.Rebalances;
import kafkaload.internal.semantic.churn.ChurnFigures.Counts;
import kafkaload.internal.semantic.churn.ChurnFigures.Event;
import kafkaload.internal.semantic.churn.ChurnFigures.KafkaGroup;
import kafkaload.internal.semantic.churn.ChurnFigures.KafkaRebalances;
import kafkaload.internal.semantic.churn.ChurnFigures.Lag;
import kafkaload.internal.semantic.churn.ChurnFigures.PerSecond;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;
import kafkaload.internal.semantic.churn.ChurnFigures.Steady;
import kafkaload.internal.semantic.churn.ChurnFigures.Unread;
import kafkaload.internal.semantic.churn.ChurnPlan.Step;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * One protocol's round: a group of its own, positioned at the topic's end offsets (so it reads only
 * what its round produces), its consumers started in processes of their own and left to own every
 * partition, then the producers' load during which the plan's steps happen at their times; after
 * the load, every record produced is waited for (bounded), the consumers close, and each step's
 * cost and the records never read are worked out. Every wait is bounded.
 */
final class ChurnRound {
  /** The child JVMs' options: small, quick to start (2 cores shared by many). */
  static final List<String> JVM =
      List.of("-Xmx128m", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:+UseSerialGC");

  private final ChurnSpec spec;
  private final ChurnPlan plan;
  private final ChurnProtocol protocol;
  private final String topic;
  private final int partitions;
  private final Connection connection;

  /** The consumers' connection settings file, while the round runs. */
  private String connectionFile = ChurnConsumerSettings.NO_FILE;

  private final Admin admin;
  private final Consumer<String> say;
  private final String group;

  /** Every consumer process of the round, in the order started (a restart is a new one). */
  private final List<ChurnConsumerProcess> processes = new ArrayList<>();

  /** The running process of each consumer number. */
  private final Map<Integer, ChurnConsumerProcess> running = new HashMap<>();

  /** When a crashed process died, by process. */
  private final Map<ChurnConsumerProcess, Long> gone = new HashMap<>();

  ChurnRound(
      ChurnSpec spec,
      ChurnPlan plan,
      ChurnProtocol protocol,
      String topic,
      int partitions,
      Connection connection,
      Admin admin,
      Consumer<String> say) {
    this.spec = spec;
    this.plan = plan;
    this.protocol = protocol;
    this.topic = topic;
    this.partitions = partitions;
    this.connection = connection;
    this.admin = admin;
    this.say = say;
    this.group = "kafkaload-churn-" + protocol.name() + "-" + System.currentTimeMillis();
  }

  /** Runs the round with the producers {@code load} gives; its figures, verdict included. */
  Round run(Supplier<ChurnLoad> load) throws Exception {
    Map<Integer, Long> start = endOffsets();
    Map<TopicPartition, OffsetAndMetadata> at = new HashMap<>();
    start.forEach((p, o) -> at.put(new TopicPartition(topic, p), new OffsetAndMetadata(o)));
    admin.alterConsumerGroupOffsets(group, at).all().get(timeout(), TimeUnit.MILLISECONDS);
    connectionFile = ChurnConsumerSettings.writeConnectionFile(connection);
    try {
      for (int n = 1; n <= plan.initialConsumers(); n++) {
        startConsumer(n);
      }
      String unsettled = awaitSettled();
      if (unsettled != null) {
        return failed(unsettled);
      }
      say.accept(
          String.format(
              "%s: %d consumers own the %d partitions of '%s' in group %s; load starts",
              protocol, running.size(), partitions, topic, group));
      ChurnLoad producers = load.get();
      long t0 = System.currentTimeMillis();
      producers.start();
      for (Step s : plan.steps()) {
        sleepUntil(t0 + s.atMillis());
        say.accept(protocol + ": " + s + " on consumer(s) " + s.consumers());
        apply(s, t0);
      }
      sleepUntil(t0 + spec.load().loadMillis());
      long loadEnd = System.currentTimeMillis();
      producers.stop(timeout());
      Map<Integer, Long> end = endOffsets();
      long produced = sum(end) - sum(start);
      awaitRead(start, end);
      KafkaGroup kafka = kafkaGroup();
      closeAll();
      return round(new Span(start, end, produced, t0, loadEnd), producers.acked(), kafka);
    } finally {
      closeAll();
      if (!connectionFile.equals(ChurnConsumerSettings.NO_FILE)) {
        java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(connectionFile));
      }
    }
  }

  private void apply(Step s, long t0) throws Exception {
    switch (s.action()) {
      case JOIN, RESTART -> {
        for (int n : s.consumers()) {
          startConsumer(n);
        }
      }
      case LEAVE -> {
        for (int n : s.consumers()) {
          running.remove(n).close();
        }
      }
      case CRASH -> {
        for (int n : s.consumers()) {
          ChurnConsumerProcess p = running.remove(n);
          gone.put(p, p.crash());
        }
      }
      case STALL -> {
        for (int n : s.consumers()) {
          running.get(n).stall(s.durationMillis());
        }
      }
      case ROLLING -> {
        List<Integer> order = s.consumers();
        for (int i = 0; i < order.size(); i++) {
          sleepUntil(t0 + s.atMillis() + i * s.durationMillis());
          int n = order.get(i);
          running.remove(n).close();
          startConsumer(n);
        }
      }
    }
  }

  private void startConsumer(int n) throws IOException {
    ChurnConsumerSettings settings =
        new ChurnConsumerSettings(
            connection.bootstrap(),
            topic,
            group,
            protocol,
            protocol.name() + "-c" + n,
            spec.timeouts().sessionTimeoutMs(),
            spec.timeouts().maxPollIntervalMs(),
            connectionFile);
    ChurnConsumerProcess p = ChurnConsumerProcess.start(settings, JVM);
    processes.add(p);
    running.put(n, p);
  }

  /** Null once every partition has an owner among the running consumers, else why not. */
  private String awaitSettled() throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeout();
    while (System.currentTimeMillis() < deadline) {
      Set<Integer> owned = new TreeSet<>();
      boolean eachOwns = true;
      for (ChurnConsumerProcess p : running.values()) {
        Set<Integer> mine = ChurnEvent.owned(p.events());
        owned.addAll(mine);
        eachOwns &= !mine.isEmpty() || running.size() > partitions;
        if (!p.isAlive()) {
          return "consumer " + p.settings().name() + " ended: " + p.otherOutput();
        }
      }
      if (owned.size() == partitions && eachOwns) {
        return null;
      }
      Thread.sleep(100);
    }
    return String.format(
        "%s: the group's %d consumers did not own the %d partitions within %d ms",
        protocol, running.size(), partitions, timeout());
  }

  /** Waits, bounded, until every record of {@code [start, end)} has been read once. */
  private void awaitRead(Map<Integer, Long> start, Map<Integer, Long> end)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeout();
    while (!ChurnTally.unread(ChurnCost.reads(timelines()), start, end).isEmpty()
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(200);
    }
  }

  /** The round's load: the topic's offsets at its start and end, and its time span. */
  private record Span(
      Map<Integer, Long> start, Map<Integer, Long> end, long produced, long t0, long loadEnd) {}

  private Round round(Span span, long[] acked, KafkaGroup kafka) {
    List<Timeline> timelines = timelines();
    List<Read> reads = ChurnCost.reads(timelines);
    List<List<Rebalances>> rebalances = rebalances(timelines);
    ChurnLag.Series lag = ChurnLag.series(acked, reads, span.t0(), span.loadEnd());
    List<Step> steps = plan.steps();
    long steadyFrom = span.t0() + 1_000;
    long steadyTo = steps.isEmpty() ? span.loadEnd() : span.t0() + steps.get(0).atMillis();
    Steady steady =
        new Steady(
            ChurnLag.steady(lag, steadyFrom, steadyTo),
            ChurnLatency.of(reads, steadyFrom, steadyTo).p99Ms());
    List<Event> events = new ArrayList<>();
    long twice = 0;
    for (int i = 0; i < steps.size(); i++) {
      long from = span.t0() + steps.get(i).atMillis();
      long to = i + 1 < steps.size() ? span.t0() + steps.get(i + 1).atMillis() : span.loadEnd();
      Event e =
          ChurnTally.event(
              steps.get(i).toString(),
              span.t0(),
              ChurnCost.of(timelines, partitions, from, to),
              new Lag(
                  ChurnLag.peak(lag, from, to), ChurnLag.backToSteady(lag, steady.lag(), from, to)),
              ChurnLatency.of(reads, from, to),
              ChurnRebalances.of(rebalances, from, to));
      events.add(e);
      twice += e.reads().readTwice();
    }
    List<Unread> unread = ChurnTally.unread(reads, span.start(), span.end());
    Round r =
        new Round(
            protocol.name(),
            group,
            new Counts(
                span.produced(),
                ChurnTally.readAtLeastOnce(span.produced(), unread),
                twice,
                unread),
            events,
            new PerSecond(
                ChurnCost.readPerSecond(reads, span.t0(), span.loadEnd()), ChurnLag.perSecond(lag)),
            steady,
            kafka,
            null);
    return r.withVerdict(ChurnTally.unreadVerdict(r));
  }

  /**
   * Kafka's view of the group at the end of the load: its clients' rebalance figures over the
   * round, and the group as the coordinator describes it (unknown when the describe fails).
   */
  private KafkaGroup kafkaGroup() {
    KafkaRebalances k = ChurnRebalances.of(rebalances(timelines()), 0, Long.MAX_VALUE);
    String state = "unknown";
    int members = -1;
    Integer epoch = null;
    try {
      ConsumerGroupDescription d =
          admin
              .describeConsumerGroups(List.of(group))
              .describedGroups()
              .get(group)
              .get(timeout(), TimeUnit.MILLISECONDS);
      state = String.valueOf(d.groupState());
      members = d.members().size();
      epoch = d.groupEpoch().orElse(null);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      state = "unknown: " + e;
    }
    return new KafkaGroup(k.rebalances(), k.latencyMaxMs(), k.generation(), state, members, epoch);
  }

  private Round failed(String why) {
    return new Round(
        protocol.name(),
        group,
        new Counts(0, 0, 0, List.of()),
        List.of(),
        new PerSecond(List.of(), List.of()),
        new Steady(null, null),
        new KafkaGroup(0, null, -1, "unknown", -1, null),
        why);
  }

  /** Each consumer's Kafka figures, from one snapshot of their timelines. */
  private static List<List<Rebalances>> rebalances(List<Timeline> timelines) {
    List<List<Rebalances>> all = new ArrayList<>();
    for (Timeline t : timelines) {
      List<Rebalances> mine = new ArrayList<>();
      for (ChurnEvent e : t.events()) {
        if (e instanceof Rebalances k) {
          mine.add(k);
        }
      }
      all.add(mine);
    }
    return all;
  }

  private List<Timeline> timelines() {
    List<Timeline> t = new ArrayList<>();
    for (ChurnConsumerProcess p : processes) {
      Long died = gone.get(p);
      t.add(
          new Timeline(
              p.settings().name(),
              p.events(),
              died == null ? OptionalLong.empty() : OptionalLong.of(died)));
    }
    return t;
  }

  private void closeAll() throws InterruptedException {
    for (ChurnConsumerProcess p : List.copyOf(running.values())) {
      p.close();
    }
    running.clear();
  }

  private Map<Integer, Long> endOffsets() throws Exception {
    Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
    for (int p = 0; p < partitions; p++) {
      ask.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    Map<Integer, Long> offsets = new HashMap<>();
    admin
        .listOffsets(ask)
        .all()
        .get(timeout(), TimeUnit.MILLISECONDS)
        .forEach((tp, info) -> offsets.put(tp.partition(), info.offset()));
    return offsets;
  }

  private long timeout() {
    return spec.timeouts().maxWaitMs();
  }

  private static long sum(Map<Integer, Long> offsets) {
    return offsets.values().stream().mapToLong(Long::longValue).sum();
  }

  private static void sleepUntil(long epochMillis) throws InterruptedException {
    long left = epochMillis - System.currentTimeMillis();
    if (left > 0) {
      Thread.sleep(left);
    }
  }
}
