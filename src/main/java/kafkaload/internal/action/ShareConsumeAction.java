package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.ShareGroupResults;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.ShareCounters;
import kafkaload.internal.run.ShareOutcomes;
import kafkaload.internal.verification.LagMonitor;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.header.Header;

/**
 * Share consumers (KIP-932): each virtual user is one share consumer of the group on its own thread
 * (never on Gatling's event loop). A record's outcome is counted when the broker confirms its
 * acknowledgement (the commit callback), so a late ACCEPT after the lock expired counts as refused,
 * not accepted. The last consumer to stop judges the group's lag and reconciles the run's records.
 */
final class ShareConsumeAction extends KafkaAction {
  /** A record of another run (not counted in the reconciliation). */
  private static final long OTHER_RUN = -2;

  /** A record acknowledged and waiting for the broker's confirmation. */
  private record Pending(
      long seq, AcknowledgeType type, int deliveryCount, long producedMillis, Poll poll) {}

  /**
   * One poll's records until the broker confirmed (or refused) all their acknowledgements: the
   * "name poll" request of {@link ShareConsumeSpec#requestPerPoll}. Used on its consumer's thread
   * only (the commit callback runs there too).
   */
  private static final class Poll {
    final long startMillis;
    int outstanding;
    int refused;
    String reason;

    Poll(long startMillis) {
      this.startMillis = startMillis;
    }
  }

  private final ShareConsumeSpec spec;
  private final ShareCounters counters;
  private final int lockMs;
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final AtomicLong startNanos = new AtomicLong();
  private final AtomicLong lastAcquiredNanos = new AtomicLong();
  // The group's lag at the last sample; -1 until the group has share-partition state.
  private final AtomicLong lastLag = new AtomicLong(-1);
  private volatile ScheduledExecutorService lagSampler;
  private volatile Admin lagAdmin;

  ShareConsumeAction(
      ShareConsumeSpec spec,
      KafkaComponents components,
      Action next,
      int partitions,
      Map<String, String> groupConfig) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.lockMs = intConfig(groupConfig, "share.record.lock.duration.ms", 30_000);
    Long[] processing = new Long[spec.consumers()];
    for (int i = 0; i < processing.length; i++) {
      processing[i] = spec.processingOf(i).toMillis();
    }
    this.counters =
        components
            .ledger()
            .shareGroup(
                new ShareCounters.Setup(
                    spec.requestName(),
                    spec.topic(),
                    spec.group(),
                    spec.acknowledgement(),
                    spec.consumers(),
                    partitions,
                    spec.groupConfig(),
                    intConfig(groupConfig, "share.delivery.count.limit", 5),
                    Arrays.asList(processing),
                    spec.requestPerPoll(),
                    spec.commitSync()));
  }

  /**
   * Before the load: a throwaway share group on the topic (reading from the latest offset, so
   * nothing of the run) until the coordinator gives it partitions, then deleted. A broker that has
   * never served a share group creates its internal topics and share-partition state on the first
   * one, which takes seconds on a busy machine; without this the run's first records would wait for
   * it and read as end-to-end latency. Bounded by 30 s; returns the time it took.
   */
  static long warmUp(KafkaComponents c, String topic, String group) {
    long t0 = System.nanoTime();
    // Each injector of a distributed run warms its own (the run's group is shared by all of them).
    String warm =
        group
            + "-warmup"
            + (c.ledger().injector().distributed() ? "-i" + c.ledger().injector().index() : "");
    try (Admin admin = c.connection().admin()) {
      try (KafkaShareConsumer<byte[], byte[]> consumer =
          ConsumerFactory.of(c.connection(), "kafkaload-share-warmup").createShare(warm)) {
        consumer.subscribe(List.of(topic));
        while (System.nanoTime() - t0 < 30_000_000_000L) {
          consumer.poll(Duration.ofMillis(200));
          try {
            var d =
                admin
                    .describeShareGroups(List.of(warm))
                    .describedGroups()
                    .get(warm)
                    .get(5, TimeUnit.SECONDS);
            if (d.members().stream().anyMatch(m -> !m.assignment().topicPartitions().isEmpty())) {
              break;
            }
          } catch (Exception notYet) {
            // the group is not known yet: poll on
          }
        }
      }
      try {
        admin.deleteShareGroups(List.of(warm)).all().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // a leftover empty group is harmless; it expires with the broker's group retention
      }
    }
    return (System.nanoTime() - t0) / 1_000_000;
  }

  private static int intConfig(Map<String, String> config, String name, int dflt) {
    try {
      return Integer.parseInt(config.getOrDefault(name, String.valueOf(dflt)));
    } catch (NumberFormatException e) {
      return dflt;
    }
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    // The first user to arrive starts the clock (users may arrive on several event loops at once).
    if (startNanos.compareAndSet(0, System.nanoTime())) {
      lastAcquiredNanos.set(System.nanoTime());
      startLagSampling();
    }
    int index = started.getAndIncrement();
    Thread t = new Thread(() -> run(session, index), "kafkaload-share-" + index);
    t.setDaemon(true);
    t.start();
  }

  private void startLagSampling() {
    lagAdmin = components.connection().admin();
    lagSampler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "kafkaload-share-lag");
              t.setDaemon(true);
              return t;
            });
    lagSampler.scheduleAtFixedRate(this::sampleLag, 1, 1, TimeUnit.SECONDS);
  }

  private void sampleLag() {
    try {
      long lag = LagMonitor.shareLag(lagAdmin, spec.group(), 5_000);
      lastLag.set(lag);
      if (lag >= 0) {
        counters.lag((System.nanoTime() - startNanos.get()) / 1e9, lag);
      }
    } catch (RuntimeException e) {
      // A missed sample leaves a gap in the chart; the verdict reads the lag again at the end.
    }
  }

  private void run(Session session, int index) {
    io.gatling.javaapi.core.Session javaSession = new io.gatling.javaapi.core.Session(session);
    Map<Long, Pending> pending = new HashMap<>();
    Map<String, Object> props = new HashMap<>(spec.consumerProperties());
    props.put("share.acknowledgement.mode", spec.acknowledgement());
    ConsumerFactory factory =
        ConsumerFactory.of(
                components.connection(), spec.requestName().replace(' ', '-') + "-" + index)
            .properties(props);
    long workMs = spec.processingOf(index).toMillis();
    boolean slow = index < spec.slowConsumers();
    long end = startNanos.get() + spec.during().toNanos();
    long deadline = end + spec.drainTimeout().toNanos();
    // After the load, stop once nothing of the run is left to settle (every record the run
    // produced accepted, rejected or archived) and nothing came for a second; without run identity
    // once the group's lag is 0 and nothing came for longer than a lock. Else at the deadline.
    // An injector of a distributed run shares the group with the others, whose consumers settle
    // its records and whose records it settles: it stops once the group's lag is 0 and nothing
    // came for two seconds.
    boolean distributed = components.ledger().injector().distributed();
    boolean settleOwn = components.ledger().identity() != null && !distributed;
    long idleNanos = (settleOwn ? 1_000L : distributed ? 2_000L : lockMs + 1_000L) * 1_000_000L;
    boolean explicit = spec.acknowledgement().equals(ShareConsumeSpec.EXPLICIT);
    boolean renew = explicit && spec.renewLocks();
    try (KafkaShareConsumer<byte[], byte[]> consumer = factory.createShare(spec.group())) {
      consumer.setAcknowledgementCommitCallback(
          (offsets, e) -> settle(session, index, pending, offsets, e));
      consumer.subscribe(List.of(spec.topic()));
      outer:
      while (true) {
        long now = System.nanoTime();
        if (now >= end
            && (slow
                || now >= deadline
                || nothingLeft(settleOwn, distributed)
                    && now - lastAcquiredNanos.get() > idleNanos)) {
          break;
        }
        long pollStart = components.clock().nowMillis();
        long lockFrom = System.nanoTime(); // the locks start during the poll: no earlier than this
        ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(100));
        if (batch.isEmpty()) {
          continue;
        }
        // Once per poll, not per record: 8 consumers on one atomic per record was contended.
        lastAcquiredNanos.accumulateAndGet(System.nanoTime(), Math::max);
        consumer.acquisitionLockTimeoutMs().ifPresent(counters::lockDuration);
        counters.polled();
        Poll poll = null;
        if (spec.requestPerPoll()) {
          // Every record of the poll counted up front: with work per record each is committed
          // (and may be confirmed) before the next is taken. A poll cut short is not logged.
          poll = new Poll(pollStart);
          poll.outstanding = batch.count();
        }
        // The poll's records in order; a lock renewal replaces the rest with what the broker
        // renewed.
        Deque<ConsumerRecord<byte[], byte[]>> todo = new ArrayDeque<>(batch.count());
        batch.forEach(todo::add);
        long halfLockNanos = consumer.acquisitionLockTimeoutMs().orElse(lockMs) * 500_000L;
        while (!todo.isEmpty()) {
          if (slow && System.nanoTime() >= end || System.nanoTime() >= deadline) {
            // Closing releases what is left of the batch to the others.
            break outer;
          }
          ConsumerRecord<byte[], byte[]> r = todo.poll();
          int deliveries = r.deliveryCount().map(Short::intValue).orElse(1);
          counters.acquired(index, deliveries);
          long seq = identity(r);
          if (seq == OTHER_RUN && deliveries == 1) {
            counters.otherRun();
          }
          if (renew) {
            // Work in slices: at half the lock, renew this record and the rest, then go on.
            long workEnd = System.nanoTime() + workMs * 1_000_000L;
            while (true) {
              long t = System.nanoTime();
              if (t - lockFrom >= halfLockNanos) {
                r = renewLocks(session, consumer, r, todo, poll);
                lockFrom = System.nanoTime();
                if (r == null) {
                  break; // not renewed: the record is the group's again
                }
                continue;
              }
              if (t >= workEnd) {
                break;
              }
              sleep(Math.max(1, (Math.min(workEnd, lockFrom + halfLockNanos) - t) / 1_000_000L));
            }
            if (r == null) {
              continue;
            }
          } else {
            work(workMs);
          }
          AcknowledgeType type = explicit ? decide(javaSession, r) : AcknowledgeType.ACCEPT;
          if (explicit) {
            consumer.acknowledge(r, type);
          }
          pending.put(
              key(r.partition(), r.offset()),
              new Pending(seq, type, deliveries, r.timestamp(), poll));
          if (workMs > 0) {
            // A worker that takes time on each record acknowledges each one when done.
            commit(session, consumer);
          }
        }
        if (workMs == 0 && spec.commitSync()) {
          commit(session, consumer);
        }
      }
    } catch (RuntimeException e) {
      long now = components.clock().nowMillis();
      logResult(session, spec.requestName() + " ack", now, now, reason(e));
    }
    if (finished.incrementAndGet() == spec.consumers()) {
      finish(session);
    }
    next.$bang(session);
  }

  private boolean nothingLeft(boolean settleOwn, boolean distributed) {
    if (settleOwn) {
      return counters.settledOfRun() >= components.ledger().delivery().ackedCount();
    }
    // An injector's consumers may have got none of a shared group's records: the lag alone.
    return lastLag.get() == 0 && (distributed || counters.acquired() > 0);
  }

  /** The work on one record. */
  private static void work(long ms) {
    if (ms > 0) {
      sleep(ms);
    }
  }

  /** An interrupted work ends the consumer like any fault. */
  static final class InterruptedExceptionUnchecked extends RuntimeException {
    InterruptedExceptionUnchecked() {
      super("interrupted");
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedExceptionUnchecked();
    }
  }

  /** The spec's rules in order: the session function, the checks, the probabilities, ACCEPT. */
  private AcknowledgeType decide(
      io.gatling.javaapi.core.Session session, ConsumerRecord<byte[], byte[]> r) {
    if (spec.outcome() != null) {
      AcknowledgeType t = spec.outcome().apply(session, r);
      // RENEW is not an outcome (see docs/share-groups.md#limits): taken as ACCEPT.
      return t == null || t == AcknowledgeType.RENEW ? AcknowledgeType.ACCEPT : t;
    }
    if (spec.rejectIf() != null && Boolean.TRUE.equals(spec.rejectIf().apply(session, r))) {
      return AcknowledgeType.REJECT;
    }
    if (spec.releaseIf() != null && Boolean.TRUE.equals(spec.releaseIf().apply(session, r))) {
      return AcknowledgeType.RELEASE;
    }
    double dice = ThreadLocalRandom.current().nextDouble();
    if (dice < spec.rejectProbability()) {
      return AcknowledgeType.REJECT;
    }
    if (dice < spec.rejectProbability() + spec.releaseProbability()) {
      return AcknowledgeType.RELEASE;
    }
    return AcknowledgeType.ACCEPT;
  }

  /**
   * Renews the locks of {@code current} and of the records in {@code todo} (AcknowledgeType.RENEW,
   * KIP-1222), sent at once with commitSync (a poll would carry them only with its next share
   * fetch, which the broker may hold for fetch.max.wait.ms: half a second, as long as a short
   * lock's other half); the next poll returns the renewed records and fetches nothing new while it
   * does. {@code todo} is left holding what came back, in order; returns the current record as it
   * came back, or null when it did not (the broker refused its renewal, or a later poll brings it:
   * then its work is done again). Timed as "name renew", KO naming the partition whose renewal the
   * broker refused (their lock had expired: they are the group's again).
   */
  private ConsumerRecord<byte[], byte[]> renewLocks(
      Session session,
      KafkaShareConsumer<byte[], byte[]> consumer,
      ConsumerRecord<byte[], byte[]> current,
      Deque<ConsumerRecord<byte[], byte[]>> todo,
      Poll poll) {
    long start = components.clock().nowMillis();
    Map<Long, ConsumerRecord<byte[], byte[]>> asked = new LinkedHashMap<>();
    asked.put(key(current.partition(), current.offset()), current);
    for (ConsumerRecord<byte[], byte[]> r : todo) {
      asked.put(key(r.partition(), r.offset()), r);
    }
    asked.values().forEach(r -> consumer.acknowledge(r, AcknowledgeType.RENEW));
    String refused =
        firstRefused(consumer.commitSync(Duration.ofMillis(components.connection().timeoutMs())));
    // One poll: it returns the renewed records, max.poll.records at a time, and a second poll
    // before those are acknowledged would be refused ("All records must be acknowledged"). Renewed
    // records it did not return come with the consumer's next polls, as records of a poll of their
    // own.
    Map<Long, ConsumerRecord<byte[], byte[]>> back = new HashMap<>();
    List<ConsumerRecord<byte[], byte[]>> fresh = new ArrayList<>();
    long waitMs = Math.max(lockMs, 1_000);
    long until = System.nanoTime() + waitMs * 1_000_000L;
    while (System.nanoTime() < until) {
      ConsumerRecords<byte[], byte[]> got = consumer.poll(Duration.ofMillis(100));
      for (ConsumerRecord<byte[], byte[]> r : got) {
        long k = key(r.partition(), r.offset());
        if (asked.containsKey(k) && !back.containsKey(k)) {
          back.put(k, r);
        } else {
          fresh.add(r); // not expected while renewals are pending; worked on like any record
        }
      }
      if (!got.isEmpty()) {
        break;
      }
    }
    int notBack = asked.size() - back.size();
    counters.renewed(refused == null ? asked.size() : back.size());
    todo.clear();
    asked.forEach(
        (k, r) -> {
          if (back.containsKey(k) && r != current) {
            todo.add(back.get(k));
          }
        });
    todo.addAll(fresh);
    if (poll != null) {
      // Records not back are not this poll's to settle any more (a later poll brings the renewed
      // ones); new ones are.
      poll.outstanding += fresh.size() - notBack;
    }
    logResult(
        session,
        spec.requestName() + " renew",
        start,
        components.clock().nowMillis(),
        refused != null
            ? "renewal of "
                + refused
                + " (the locks had expired: the records are the group's again)"
            : back.isEmpty() ? "no renewed record came back within " + waitMs + " ms" : null);
    return back.get(key(current.partition(), current.offset()));
  }

  /** The acknowledgement commit, timed as a request of its own. */
  private void commit(Session session, KafkaShareConsumer<byte[], byte[]> consumer) {
    long t0 = System.nanoTime();
    long start = components.clock().nowMillis();
    Map<TopicIdPartition, Optional<KafkaException>> result =
        consumer.commitSync(Duration.ofMillis(components.connection().timeoutMs()));
    counters.committed((System.nanoTime() - t0) / 1_000);
    String refused = firstRefused(result);
    logResult(
        session,
        spec.requestName() + " ack",
        start,
        components.clock().nowMillis(),
        refused == null ? null : "acknowledgement of " + refused);
  }

  /** A commitSync's first partition the broker refused, as "topic-partition refused: reason". */
  private static String firstRefused(Map<TopicIdPartition, Optional<KafkaException>> result) {
    for (Map.Entry<TopicIdPartition, Optional<KafkaException>> e : result.entrySet()) {
      if (e.getValue().isPresent()) {
        return e.getKey().topicPartition() + " refused: " + reason(e.getValue().get());
      }
    }
    return null;
  }

  /** The broker's answer to acknowledgements: each record settled, or refused. */
  private void settle(
      Session session,
      int index,
      Map<Long, Pending> pending,
      Map<TopicIdPartition, Set<Long>> offsets,
      Exception error) {
    long now = components.clock().nowMillis();
    offsets.forEach(
        (tip, set) -> {
          for (long offset : set) {
            Pending p = pending.remove(key(tip.partition(), offset));
            if (p == null) {
              continue; // not this consumer's, or settled already
            }
            if (p.poll() != null) {
              settled(session, p.poll(), now, error);
            }
            if (error != null) {
              counters.refused(index, p.seq(), p.deliveryCount());
              if (p.type() == AcknowledgeType.ACCEPT && p.poll() == null) {
                logResult(
                    session,
                    spec.requestName() + " accept",
                    p.producedMillis(),
                    now,
                    "ACCEPT refused (the lock had expired): " + reason(error));
              }
              continue;
            }
            switch (p.type()) {
              case ACCEPT -> {
                counters.accepted(index, p.seq(), (now - p.producedMillis()) * 1_000);
                if (p.poll() == null) {
                  logResult(session, spec.requestName() + " accept", p.producedMillis(), now, null);
                }
              }
              case RELEASE -> counters.released(p.seq(), p.deliveryCount());
              case REJECT -> counters.rejected(p.seq());
              default -> {}
            }
          }
        });
  }

  /**
   * One of a poll's records was confirmed or refused: when it was the last, the poll's request,
   * from the poll to now, KO when the broker refused any of its acknowledgements.
   */
  private void settled(Session session, Poll poll, long now, Exception error) {
    if (error != null) {
      poll.refused++;
      poll.reason = reason(error);
    }
    if (--poll.outstanding == 0) {
      logResult(
          session,
          spec.requestName() + " poll",
          poll.startMillis,
          now,
          poll.refused == 0
              ? null
              : poll.refused
                  + " acknowledgement(s) of the poll refused (the lock had expired): "
                  + poll.reason);
    }
  }

  private static long key(int partition, long offset) {
    return ((long) partition << 44) | offset;
  }

  /** The record's run-wide sequence number; -1 without identity, {@link #OTHER_RUN}. */
  private long identity(ConsumerRecord<byte[], byte[]> r) {
    RunIdentity id = components.ledger().identity();
    if (id == null) {
      return -1;
    }
    Header run = r.headers().lastHeader(RunIdentity.RUN_HEADER);
    if (run == null || !Arrays.equals(run.value(), id.runIdBytes())) {
      return OTHER_RUN;
    }
    Header seq = r.headers().lastHeader(RunIdentity.SEQ_HEADER);
    long[] us = seq == null ? null : RunIdentity.parse(seq.value());
    return us == null ? -1 : us[1];
  }

  /** The last consumer stopped: the lag verdict, the reconciliation, the console lines. */
  private void finish(Session session) {
    if (lagSampler != null) {
      lagSampler.shutdownNow();
    }
    long lagAtEnd = -1;
    try {
      // The group's state is written a moment after the last acknowledgement: read it again
      // briefly.
      long until = System.nanoTime() + 5_000_000_000L;
      do {
        lagAtEnd = LagMonitor.shareLag(lagAdmin, spec.group(), 5_000);
        if (lagAtEnd == 0) {
          break;
        }
        sleep(250);
      } while (System.nanoTime() < until);
    } catch (RuntimeException e) {
      lagAtEnd = -1;
    } finally {
      if (lagAdmin != null) {
        lagAdmin.close(Duration.ofSeconds(5));
      }
    }
    double loadEnd = spec.during().toNanos() / 1e9;
    var load =
        counters.lagSamples().stream()
            .filter(p -> p.second() <= loadEnd)
            .map(p -> new LagMonitor.Sample(p.second(), p.totalLag()))
            .toList();
    var window = load.stream().filter(s -> s.second() >= loadEnd / 2).toList();
    double slope = LagMonitor.slope(window);
    boolean rising =
        window.size() >= 3
            && slope > 1
            && window.get(window.size() - 1).totalLag() > window.get(0).totalLag();
    long maxLag =
        counters.lagSamples().stream()
            .mapToLong(p -> p.totalLag())
            .max()
            .orElse(Math.max(0, lagAtEnd));
    counters.lagVerdict(new ShareGroupResults.LagVerdict(maxLag, slope, rising, lagAtEnd));
    logVerdict(
        session,
        spec.requestName() + " lag",
        rising
            ? String.format(
                "share-group lag rising: %.1f records/s over the load's second half", slope)
            : lagAtEnd != 0
                ? (lagAtEnd < 0
                    ? "share-group lag could not be read at the end"
                    : "share-group lag " + lagAtEnd + " at the end: not drained")
                : null);

    RunLedger ledger = components.ledger();
    String reconciled;
    boolean deferred = false;
    if (ledger.identity() == null) {
      reconciled = "not reconciled: records carry no run identity (runIdentity(false))";
    } else if (!ledger.delivery().ackedTopics().isEmpty()
        && !ledger.delivery().ackedTopics().equals(java.util.Set.of(spec.topic()))) {
      reconciled =
          "not reconciled by identity: the protocol sent to other topics too "
              + ledger.delivery().ackedTopics()
              + "; give the share topic's producers a protocol of their own";
    } else if (ledger.injector().distributed()) {
      // The group is shared by every injector: a record produced here may be accepted on another.
      // The merge reconciles every injector's records against every injector's outcomes
      // (ShareCounters.records() in this injector's summary) and logs the verdict.
      deferred = true;
      counters.leaveToMerge();
      reconciled =
          "left to the merge of all injectors (their consumers share the group and each other's"
              + " records)";
    } else {
      reconciled =
          ShareOutcomes.verdict(
              counters.reconcile(
                  ledger.injector().sequenceStart(), ledger.sequencesIssued(), ledger.koLedger()));
    }
    if (!deferred) {
      logVerdict(session, spec.requestName() + " reconciled", reconciled);
    }
    ShareGroupResults g = counters.results();
    System.out.printf(
        "%n[kafkaload] ---- Share group '%s' on '%s' (%d consumers, %d partitions, %s) ----%n"
            + "  acquired %d | accepted %d | released %d | rejected %d | redelivered %d | archived %d | acks refused %d | locks renewed %d%n"
            + "  accept rate spread across consumers %s %% | lag max %d, at the end %d%s%n"
            + "  reconciliation: %s%n",
        g.group(),
        g.topic(),
        g.consumers(),
        g.partitions(),
        g.acknowledgement(),
        g.acquired(),
        g.accepted(),
        g.released(),
        g.rejected(),
        g.redelivered(),
        g.archived(),
        g.ackRefused(),
        g.renewed(),
        g.acceptedPerSecSpreadPct() == null
            ? "-"
            : String.format("%.1f", g.acceptedPerSecSpreadPct()),
        maxLag,
        lagAtEnd,
        rising ? " (RISING)" : "",
        g.reconciliation() == null
            ? reconciled
            : String.format(
                "%d produced: %d accepted once, %d accepted twice, %d rejected, %d archived, %d missing; "
                    + "%d processed twice (ACCEPT refused after the lock expired); %d of other runs",
                g.reconciliation().produced(),
                g.reconciliation().acceptedOnce(),
                g.reconciliation().acceptedTwice(),
                g.reconciliation().rejected(),
                g.reconciliation().archived(),
                g.reconciliation().missing(),
                g.reconciliation().processedTwice(),
                g.reconciliation().otherRuns()));
  }
}
