package kafkaload.internal.semantic.share;

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
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.run.RunIdentity;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.header.Header;

/** One virtual user's share consumer on its own thread: polls, works, settles, until done. */
final class ShareConsumer {
  /** A record of another run (not counted in the reconciliation). */
  private static final long OTHER_RUN = -2;

  /** What the group's consumers share: the load's start, the last acquisition, the lag. */
  record Group(
      ShareConsumeSpec spec,
      KafkaComponents components,
      ShareCounters counters,
      ShareConsumeAction.Log log,
      int lockMs,
      long startNanos,
      AtomicLong lastAcquiredNanos,
      AtomicBoolean starved,
      ShareLagSampler lag) {
    /** A result of 0 ms now (a verdict or a fault, not a timed request); OK when ko is null. */
    void verdict(Session session, String request, String koMessage) {
      long now = components.clock().nowMillis();
      log.result(session, request, now, now, koMessage);
    }
  }

  private final Group g;
  private final ShareConsumeSpec spec;
  private final Session session;
  private final int index;
  private final ShareAcks acks;

  ShareConsumer(Group group, Session session, int index) {
    this.g = group;
    this.spec = group.spec();
    this.session = session;
    this.index = index;
    this.acks = new ShareAcks(group, session, index);
  }

  /** Polls until done; a fault ends the consumer as a KO of "name ack". */
  void run() {
    io.gatling.javaapi.core.Session javaSession = new io.gatling.javaapi.core.Session(session);
    KafkaComponents components = g.components();
    ShareCounters counters = g.counters();
    ConsumerFactory factory =
        ConsumerFactory.of(
                components.connection(), spec.requestName().replace(' ', '-') + "-" + index)
            .properties(spec.configs().consumerProperties())
            .property("share.acknowledgement.mode", spec.settling().acknowledgement());
    long workMs = spec.processingOf(index).toMillis();
    boolean slow = index < spec.work().slowConsumers();
    long end = g.startNanos() + spec.timing().during().toNanos();
    long deadline = end + spec.timing().drainTimeout().toNanos();
    // After the load, stop once nothing of the run is left to settle (every record the run
    // produced accepted, rejected or archived) and nothing came for a second; without run identity
    // once the group's lag is 0 and nothing came for longer than a lock. Else at the deadline.
    // An injector of a distributed run shares the group with the others, whose consumers settle
    // its records and whose records it settles: it stops once the group's lag is 0 and nothing
    // came for two seconds.
    boolean distributed = components.ledger().injector().distributed();
    boolean settleOwn = components.ledger().identity() != null && !distributed;
    long idleNanos = (settleOwn ? 1_000L : distributed ? 2_000L : g.lockMs() + 1_000L) * 1_000_000L;
    boolean explicit = spec.settling().acknowledgement().equals(ShareConsumeSpec.EXPLICIT);
    boolean renewLocks = explicit && spec.requests().renewLocks();
    try (KafkaShareConsumer<byte[], byte[]> consumer = factory.createShare(spec.group())) {
      consumer.setAcknowledgementCommitCallback(acks::settle);
      consumer.subscribe(List.of(spec.topic()));
      outer:
      while (true) {
        long now = System.nanoTime();
        if (now >= end
            && (slow
                || now >= deadline
                || nothingLeft(settleOwn, distributed)
                    && now - g.lastAcquiredNanos().get() > idleNanos)) {
          break;
        }
        long pollStart = components.clock().nowMillis();
        long lockFrom = System.nanoTime(); // the locks start during the poll: no earlier than this
        ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(100));
        // The locks started during the poll: they have surely expired a lock after this.
        long lockedBy = System.nanoTime();
        if (batch.isEmpty()) {
          if (starved(distributed)) {
            break;
          }
          continue;
        }
        // Once per poll, not per record: 8 consumers on one atomic per record was contended.
        g.lastAcquiredNanos().accumulateAndGet(System.nanoTime(), Math::max);
        consumer.acquisitionLockTimeoutMs().ifPresent(counters::lockDuration);
        counters.polled();
        // Every record of the poll counted up front: with work per record each is committed
        // (and may be confirmed) before the next is taken. A poll cut short is not logged.
        ShareAcks.Poll poll =
            spec.requests().requestPerPoll() ? new ShareAcks.Poll(pollStart, batch.count()) : null;
        // The poll's records in order; a lock renewal replaces the rest with what the broker
        // renewed.
        Deque<ConsumerRecord<byte[], byte[]>> todo = new ArrayDeque<>(batch.count());
        batch.forEach(todo::add);
        long lockNanos = consumer.acquisitionLockTimeoutMs().orElse(g.lockMs()) * 1_000_000L;
        long halfLockNanos = lockNanos / 2;
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
          if (renewLocks) {
            // Work in slices: at half the lock, renew this record and the rest, then go on.
            long workEnd = System.nanoTime() + workMs * 1_000_000L;
            while (true) {
              long t = System.nanoTime();
              if (t - lockFrom >= halfLockNanos) {
                r = renew(consumer, r, todo, poll);
                lockFrom = System.nanoTime();
                lockedBy = lockFrom;
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
          } else if (workMs > 0) {
            sleep(workMs); // the work on one record
          }
          AcknowledgeType type = explicit ? decide(javaSession, r) : AcknowledgeType.ACCEPT;
          if (explicit) {
            consumer.acknowledge(r, type);
          }
          boolean expired = System.nanoTime() - lockedBy >= lockNanos;
          acks.sent(
              r.partition(),
              r.offset(),
              new ShareAcks.Pending(seq, type, deliveries, r.timestamp(), poll, expired));
          if (workMs > 0) {
            // A worker that takes time on each record acknowledges each one when done.
            acks.commit(consumer);
          }
        }
        if (workMs == 0 && spec.requests().commitSync()) {
          acks.commit(consumer);
        }
      }
    } catch (RuntimeException e) {
      g.verdict(session, spec.requestName() + " ack", KafkaAction.reason(e));
    }
  }

  /**
   * Renews the locks of {@code current} and {@code todo} at once with commitSync (a poll would
   * carry them only with its next fetch, held up to fetch.max.wait.ms); {@code todo} keeps what
   * came back, in order; returns the current record, or null when not renewed. Timed as "name
   * renew", KO naming a refused partition.
   */
  private ConsumerRecord<byte[], byte[]> renew(
      KafkaShareConsumer<byte[], byte[]> consumer,
      ConsumerRecord<byte[], byte[]> current,
      Deque<ConsumerRecord<byte[], byte[]>> todo,
      ShareAcks.Poll poll) {
    long start = g.components().clock().nowMillis();
    Map<Long, ConsumerRecord<byte[], byte[]>> asked = new LinkedHashMap<>();
    asked.put(ShareAcks.key(current.partition(), current.offset()), current);
    for (ConsumerRecord<byte[], byte[]> r : todo) {
      asked.put(ShareAcks.key(r.partition(), r.offset()), r);
    }
    asked.values().forEach(r -> consumer.acknowledge(r, AcknowledgeType.RENEW));
    String refused =
        ShareAcks.firstRefused(
            consumer.commitSync(Duration.ofMillis(g.components().connection().timeoutMs())));
    // One poll: it returns the renewed records, max.poll.records at a time, and a second poll
    // before those are acknowledged would be refused ("All records must be acknowledged"). Renewed
    // records it did not return come with the consumer's next polls, as records of a poll of their
    // own.
    Map<Long, ConsumerRecord<byte[], byte[]>> back = new HashMap<>();
    List<ConsumerRecord<byte[], byte[]>> fresh = new ArrayList<>();
    long waitMs = Math.max(g.lockMs(), 1_000);
    long until = System.nanoTime() + waitMs * 1_000_000L;
    while (System.nanoTime() < until) {
      ConsumerRecords<byte[], byte[]> got = consumer.poll(Duration.ofMillis(100));
      for (ConsumerRecord<byte[], byte[]> r : got) {
        long k = ShareAcks.key(r.partition(), r.offset());
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
    g.counters().renewed(refused == null ? asked.size() : back.size());
    todo.clear();
    asked.keySet().stream()
        .filter(k -> back.containsKey(k) && asked.get(k) != current)
        .forEach(k -> todo.add(back.get(k)));
    todo.addAll(fresh);
    if (poll != null) {
      // Records not back are not this poll's to settle any more (a later poll brings the renewed
      // ones); new ones are.
      poll.outstanding += fresh.size() - notBack;
    }
    acks.log(
        " renew",
        start,
        g.components().clock().nowMillis(),
        refused != null
            ? "renewal of "
                + refused
                + " (the locks had expired: the records are the group's again)"
            : back.isEmpty() ? "no renewed record came back within " + waitMs + " ms" : null);
    return back.get(ShareAcks.key(current.partition(), current.offset()));
  }

  /**
   * The group acquired nothing within its bound while the run's records were acked: one KO for the
   * group, with the reason, and every consumer stops. An injector of a distributed run is left out:
   * the others' consumers may take every record.
   */
  private boolean starved(boolean distributed) {
    if (g.starved().get()) {
      return true;
    }
    long acked = g.components().ledger().delivery().ackedCount();
    if (distributed
        || g.counters().acquired() > 0
        || acked == 0
        || System.nanoTime() - g.startNanos() < spec.timing().acquireTimeout().toNanos()) {
      return false;
    }
    if (g.starved().compareAndSet(false, true)) {
      g.verdict(
          session,
          spec.requestName() + " ack",
          String.format(
              "share group '%s' on '%s' acquired no record in %d s"
                  + " (-Dshare.acquireTimeoutSeconds) while the run had %d record(s) acked:"
                  + " do records reach this topic, and can the cluster's share coordinator"
                  + " keep its state (__share_group_state)?",
              spec.group(), spec.topic(), spec.timing().acquireTimeout().toSeconds(), acked));
    }
    return true;
  }

  private boolean nothingLeft(boolean settleOwn, boolean distributed) {
    if (settleOwn) {
      return g.counters().settledOfRun() >= g.components().ledger().delivery().ackedCount();
    }
    // An injector's consumers may have got none of a shared group's records: the lag alone.
    return g.lag().lastLag() == 0 && (distributed || g.counters().acquired() > 0);
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
    ShareConsumeSpec.Settling s = spec.settling();
    if (s.outcome() != null) {
      AcknowledgeType t = s.outcome().apply(session, r);
      // RENEW is not an outcome (see docs/share-groups.md#limits): taken as ACCEPT.
      return t == null || t == AcknowledgeType.RENEW ? AcknowledgeType.ACCEPT : t;
    }
    if (s.rejectIf() != null && Boolean.TRUE.equals(s.rejectIf().apply(session, r))) {
      return AcknowledgeType.REJECT;
    }
    if (s.releaseIf() != null && Boolean.TRUE.equals(s.releaseIf().apply(session, r))) {
      return AcknowledgeType.RELEASE;
    }
    double dice = ThreadLocalRandom.current().nextDouble();
    if (dice < s.rejectProbability()) {
      return AcknowledgeType.REJECT;
    }
    if (dice < s.rejectProbability() + s.releaseProbability()) {
      return AcknowledgeType.RELEASE;
    }
    return AcknowledgeType.ACCEPT;
  }

  /** The record's run-wide sequence number; -1 without identity, {@link #OTHER_RUN}. */
  private long identity(ConsumerRecord<byte[], byte[]> r) {
    RunIdentity id = g.components().ledger().identity();
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
}
