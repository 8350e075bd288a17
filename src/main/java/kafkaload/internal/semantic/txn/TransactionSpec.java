package kafkaload.internal.semantic.txn;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.core.session.Session;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.concurrent.ThreadLocalRandom;
import kafkaload.internal.action.SendSpec;
import kafkaload.internal.payload.SessionValue;

/**
 * A transactional send: each execution is one transaction of {@code records} records of {@code
 * send}, committed, or aborted every {@code abortEvery}-th time (0: never), with {@code
 * abortProbability}, or when {@code abortIf} says so.
 */
@RecordBuilder
public record TransactionSpec(
    SendSpec send,
    int records,
    int abortEvery,
    double abortProbability,
    SessionValue<Boolean> abortIf)
    implements TransactionSpecBuilder.With {

  /** Suffix of the commit's request name. */
  public static final String COMMIT = " commit";

  /** Suffix of the abort's request name. */
  public static final String ABORT = " abort";

  /** {@code records} per transaction; not silent, fire-and-forget or a burst (checked now). */
  public static TransactionSpec of(SendSpec send, int records) {
    refuseIf(
        send.silent(),
        "'%s': silent() applies to plain sends; a transaction reports every result"
            .formatted(send.requestName()));
    String name = "'" + send.requestName() + "'.transaction(" + records + ")";
    refuseIf(records < 1, name + ": a transaction must hold at least 1 record per execution");
    refuseIf(
        send.fireAndForget(),
        name
            + ": a fire-and-forget send cannot be transactional (the commit waits for every"
            + " record's ack); drop fireAndForget()");
    refuseIf(
        send.burst() > 1,
        String.format(
            "%s: burst(%s) inside a transaction; the transaction is the group of records: "
                + "use transaction(%s) alone",
            name, send.burst(), send.burst()));
    return new TransactionSpec(send, records, 0, 0, null);
  }

  public TransactionSpec withAbortEvery(int k) {
    refuseIf(k < 1, "'" + send.requestName() + "'.abortEvery(" + k + "): k must be at least 1");
    return TransactionSpecBuilder.With.super.withAbortEvery(k);
  }

  public TransactionSpec withAbortProbability(double p) {
    refuseIf(
        !(p >= 0 && p <= 1),
        "'" + send.requestName() + "'.abortProbability(" + p + "): must be from 0 to 1");
    return TransactionSpecBuilder.With.super.withAbortProbability(p);
  }

  public String requestName() {
    return send.requestName();
  }

  /** The transaction is to abort: the {@code n}-th of this request (from 1), for this session. */
  boolean abortWanted(long n, Session session) {
    return abortEvery > 0 && n % abortEvery == 0
        || abortProbability > 0 && ThreadLocalRandom.current().nextDouble() < abortProbability
        || abortIf != null && Boolean.TRUE.equals(abortIf.resolve(session));
  }
}
