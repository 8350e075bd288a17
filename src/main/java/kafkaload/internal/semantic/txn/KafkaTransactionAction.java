package kafkaload.internal.semantic.txn;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.client.RecordSender;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.semantic.txn.TransactionCounters.End;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnStateException;
import org.apache.kafka.common.errors.ProducerFencedException;

/**
 * One transaction per execution: a producer taken exclusively, begin, the sends (ack-timed), then
 * commit or abort ({@code <name> commit}/{@code abort}, timed), on the transaction threads, since
 * those calls block. Any failure is a KO of the commit or abort naming reason and transactional.id;
 * the producer is closed and replaced.
 */
final class KafkaTransactionAction extends KafkaAction {
  /** How long a failed producer may take to close, and the records' callbacks to come in. */
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

  private final TransactionSpec spec;
  private final RecordSender sender;
  private final TransactionResources resources;
  private final TransactionCounters counters;
  private final AtomicLong executions = new AtomicLong();
  private final String commitName;
  private final String abortName;

  KafkaTransactionAction(TransactionSpec spec, KafkaComponents components, Action next) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.sender =
        components.sender(components.ledger().delivery().requestAcks(spec.requestName(), true));
    this.resources = TransactionResources.of(components);
    this.counters =
        components.ledger().semantic(TransactionCounters.class, TransactionCounters::new);
    counters.idPrefix(resources.producers().idPrefix());
    this.commitName = spec.requestName() + TransactionSpec.COMMIT;
    this.abortName = spec.requestName() + TransactionSpec.ABORT;
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    long intended = System.nanoTime();
    try {
      resources.threads().execute(() -> transaction(session, intended));
    } catch (RejectedExecutionException e) {
      // The load is over and the threads are gone: the user ends, failed.
      long now = components.clock().nowMillis();
      logResult(session, commitName, now, now, "the run is closing: no transaction started");
      next.$bang(session.markAsFailed());
    }
  }

  /** The records of one transaction: their acks, for the ledger once the transaction ends. */
  private static final class Records {
    private final CountDownLatch pending;
    private final List<String> ackedTopics = new ArrayList<>();
    private final List<Long> ackedSeqs = new ArrayList<>();
    private volatile boolean failed;

    Records(int n) {
      pending = new CountDownLatch(n);
    }

    /** A record's callback came: acked when {@code ok}. */
    synchronized void completed(String topic, long seq, boolean ok) {
      if (ok) {
        ackedTopics.add(topic);
        ackedSeqs.add(seq);
      } else {
        failed = true;
      }
      pending.countDown();
    }

    synchronized int acked() {
      return ackedSeqs.size();
    }

    void notSent(int n) {
      for (int i = 0; i < n; i++) {
        pending.countDown();
      }
    }

    /**
     * Once their callbacks came (or {@link #CLOSE_TIMEOUT}): the acked records to the ledger as the
     * transaction ended, a failed one's in doubt.
     */
    void settle(DeliveryLedger delivery, End end) {
      try {
        pending.await(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      synchronized (this) {
        for (int i = 0; i < ackedSeqs.size(); i++) {
          if (end == End.ABORTED) {
            delivery.abortedRecord(ackedTopics.get(i), ackedSeqs.get(i));
          } else if (end == End.FAILED) {
            delivery.inDoubtRecord(ackedTopics.get(i), ackedSeqs.get(i));
          }
        }
        if (end == End.COMMITTED) {
          delivery.committed(acked());
        } else if (end == End.ABORTED) {
          delivery.aborted(acked());
        }
      }
    }
  }

  private void transaction(Session session, long intendedNanos) {
    long beginNanos = System.nanoTime();
    boolean abortAsked;
    try {
      abortAsked = spec.abortWanted(executions.incrementAndGet(), session);
    } catch (RuntimeException e) {
      crash(session, abortName, e);
      return;
    }
    ProducerHandle h;
    long takeStart = components.clock().nowMillis();
    try {
      h = resources.producers().take();
    } catch (RuntimeException e) {
      logResult(
          session,
          commitName,
          takeStart,
          components.clock().nowMillis(),
          "no transactional producer (initTransactions): " + reason(e));
      counters.ended(spec.requestName(), End.FAILED, 0, 0, micros(beginNanos));
      next.$bang(session.markAsFailed());
      return;
    }
    int n = spec.records();
    Records records = new Records(n);
    String ending = abortAsked ? abortName : commitName;
    long endStart = components.clock().nowMillis();
    try {
      h.producer().beginTransaction();
      boolean buildFailed = false;
      for (int i = 0; i < n; i++) {
        ProducerRecord<byte[], byte[]> record;
        try {
          record = spec.send().record(session);
        } catch (RuntimeException e) {
          logBuildFailure(session, spec.requestName(), e);
          records.notSent(n - i);
          buildFailed = true;
          break;
        }
        String topic = record.topic();
        long[] seq = {-1};
        seq[0] =
            sender.sendInTransaction(
                h,
                session,
                record,
                intendedNanos,
                components.connection().timeoutMs(),
                (start, end, exception) -> {
                  logResult(
                      session,
                      spec.requestName(),
                      start,
                      end,
                      exception == null ? null : reason(exception));
                  records.completed(topic, seq[0], exception == null);
                });
      }
      boolean abort = abortAsked || buildFailed;
      ending = abort ? abortName : commitName;
      // The records are acked (their latency timed) first, so the commit's or abort's time is the
      // coordinator's part alone (EndTxn and the markers), not the records' acks again.
      h.producer().flush();
      long callNanos = System.nanoTime();
      endStart = components.clock().nowMillis();
      if (abort) {
        h.producer().abortTransaction();
      } else {
        h.producer().commitTransaction();
      }
      long callMicros = micros(callNanos);
      long endMillis = components.clock().nowMillis();
      // flush returns after every record's callback ran.
      End end = abort ? End.ABORTED : End.COMMITTED;
      records.settle(components.ledger().delivery(), end);
      logResult(session, ending, endStart, endMillis, null);
      counters.ended(spec.requestName(), end, records.acked(), callMicros, micros(beginNanos));
      resources.producers().release(h);
      next.$bang(buildFailed || records.failed ? session.markAsFailed() : session);
    } catch (RuntimeException e) {
      failed(session, h, records, ending, endStart, beginNanos, e);
    }
  }

  /**
   * A failed transaction: a KO of its commit or abort naming reason and producer; an abort is tried
   * unless fenced, the producer closed in time; records aborted, else in doubt.
   */
  private void failed(
      Session session,
      ProducerHandle h,
      Records records,
      String ending,
      long endStart,
      long beginNanos,
      RuntimeException e) {
    // With transaction version 2 (Kafka 4) every commit bumps the epoch, so a commit that crosses
    // a fence looks like a retry of the abort the fence wrote: the coordinator answers
    // INVALID_TXN_STATE, which the client makes fatal. Either way the id is another producer's now.
    boolean fenced =
        e instanceof ProducerFencedException
            || e instanceof InvalidProducerEpochException
            || e instanceof InvalidTxnStateException;
    boolean aborted = false;
    if (!fenced) {
      try {
        h.producer().abortTransaction();
        aborted = true;
      } catch (RuntimeException ignored) {
        // not abortable (timed out, fatal): the next producer with this id ends it
      }
    }
    String why =
        String.format(
            "transaction of transactional.id %s failed: %s%s",
            h.transactionalId(),
            reason(e),
            fenced
                ? " (another producer took this transactional.id, or ended its transaction; the"
                    + " user goes on with a new one)"
                : aborted ? " (aborted)" : "");
    logResult(session, ending, endStart, components.clock().nowMillis(), why);
    // Always a fresh producer after a failure; a fenced one's id belongs to another producer now.
    resources.producers().discard(h, fenced, CLOSE_TIMEOUT);
    records.settle(components.ledger().delivery(), aborted ? End.ABORTED : End.FAILED);
    counters.ended(spec.requestName(), End.FAILED, records.acked(), 0, micros(beginNanos));
    next.$bang(session.markAsFailed());
  }

  private static long micros(long sinceNanos) {
    return (System.nanoTime() - sinceNanos) / 1000;
  }
}
