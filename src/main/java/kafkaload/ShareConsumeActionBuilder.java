package kafkaload;

import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.share.ShareActions;
import kafkaload.internal.semantic.share.ShareConsumeSpec;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Share-group consumers (KIP-932, "queues for Kafka", Kafka 4.2 and later): each virtual user is
 * one share consumer of the group, on its own thread (never on Gatling's event loop), and a share
 * group may have more consumers than the topic has partitions. Each record is settled ACCEPT,
 * RELEASE (back to the group, delivered again) or REJECT (archived), by a session function, a check
 * on the record or a probability; the broker's confirmation is what is counted.
 *
 * <pre>{@code kafka("work").shareConsume("orders").group("workers").consumers(6)
 *     .groupConfig("share.record.lock.duration.ms", 5000).releaseProbability(0.02)
 *     .slowConsumers(1, Duration.ofSeconds(2)).during(Duration.ofSeconds(30))}</pre>
 *
 * Requests it records: "name accept" per accepted record (produce to confirmed ACCEPT; or "name
 * poll" per poll with {@link #requestPerPoll}), "name ack" per acknowledgement commit (unless
 * {@link #commitSync} is false), "name renew" per lock renewal ({@link #renewLocks}), and when the
 * last consumer stops "name reconciled" (every produced record of the run accepted once, rejected
 * or archived) and "name lag".
 *
 * <p>Defaults: one consumer (inject exactly {@link #consumers} users), a group of its own, explicit
 * acknowledgement, every record accepted, {@code share.auto.offset.reset=earliest}, 10 s of
 * consuming then up to 60 s to settle what is left. Every method returns a new builder.
 */
public final class ShareConsumeActionBuilder implements ActionBuilder {
  /** The consumer settings Kafka 4.4's ShareConsumerConfig refuses. */
  private static final java.util.Set<String> CONSUMER_GROUP_ONLY =
      java.util.Set.of(
          "auto.offset.reset",
          "enable.auto.commit",
          "group.instance.id",
          "isolation.level",
          "partition.assignment.strategy",
          "interceptor.classes",
          "session.timeout.ms",
          "heartbeat.interval.ms",
          "group.protocol",
          "group.remote.assignor");

  private final ShareConsumeSpec spec;

  ShareConsumeActionBuilder(ShareConsumeSpec spec) {
    this.spec = spec;
  }

  /** The spec as built so far (for tests in this package). */
  ShareConsumeSpec spec() {
    return spec;
  }

  /** Refuses the setting, naming the action, when {@code refused}. */
  private void refuseIf(boolean refused, String what) {
    KafkaLoadConfigException.refuseIf(
        refused, "shareConsume '" + spec.requestName() + "': " + what);
  }

  /** Refuses {@code call(name, value)} without a name or a value. */
  private void refuseUnnamed(String call, String name, Object value) {
    refuseIf(
        name == null || name.isBlank() || value == null,
        call + "(" + name + ", " + value + ") needs a name and a value");
  }

  private ShareConsumeActionBuilder with(ShareConsumeSpec next) {
    return new ShareConsumeActionBuilder(next);
  }

  /**
   * The share group (group.id); unless set, a group of the run's own: in a distributed run one
   * group for every injector's consumers, named from the run id they share
   * (docs/distributed.md#share-groups).
   */
  public ShareConsumeActionBuilder group(String group) {
    refuseIf(group == null || group.isBlank(), "the group is empty");
    return with(spec.withGroup(group));
  }

  /**
   * How many share consumers (one per virtual user: inject exactly this many); more than the
   * topic's partitions is allowed, that is what share groups are for.
   */
  public ShareConsumeActionBuilder consumers(int consumers) {
    refuseIf(consumers < 1, "consumers(" + consumers + ") must be >= 1");
    return with(spec.withConsumers(consumers));
  }

  /**
   * share.acknowledgement.mode: "explicit" (the default; each record settled by the rules of this
   * builder) or "implicit" (every delivered record accepted with the next poll or commit).
   */
  public ShareConsumeActionBuilder acknowledgement(String mode) {
    String m = mode == null ? "" : mode.toLowerCase(Locale.ROOT);
    refuseIf(
        !m.equals(ShareConsumeSpec.EXPLICIT) && !m.equals(ShareConsumeSpec.IMPLICIT),
        "share.acknowledgement.mode is explicit or implicit, not '" + mode + "'");
    return with(spec.settling(x -> x.withAcknowledgement(m)));
  }

  /** Each record's acknowledgement (ACCEPT, RELEASE or REJECT) from the session and the record. */
  public ShareConsumeActionBuilder acknowledge(
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, AcknowledgeType> outcome) {
    refuseIf(outcome == null, "acknowledge(null)");
    return with(spec.settling(x -> x.withOutcome(outcome)));
  }

  /** Rejects the records this check accepts (archived: never delivered again). */
  public ShareConsumeActionBuilder rejectIf(
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> check) {
    refuseIf(check == null, "rejectIf(null)");
    return with(spec.settling(x -> x.withRejectIf(check)));
  }

  /** Releases the records this check accepts: back to the group, delivered again. */
  public ShareConsumeActionBuilder releaseIf(
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> check) {
    refuseIf(check == null, "releaseIf(null)");
    return with(spec.settling(x -> x.withReleaseIf(check)));
  }

  /** Rejects each record with this probability (0 to 1). */
  public ShareConsumeActionBuilder rejectProbability(double p) {
    refuseIf(!(p >= 0 && p <= 1), "rejectProbability(" + p + ") must be within 0 and 1");
    return with(spec.settling(x -> x.withRejectProbability(p)));
  }

  /**
   * Releases each record with this probability (0 to 1); a record released at the group's
   * share.delivery.count.limit is archived.
   */
  public ShareConsumeActionBuilder releaseProbability(double p) {
    refuseIf(!(p >= 0 && p <= 1), "releaseProbability(" + p + ") must be within 0 and 1");
    return with(spec.settling(x -> x.withReleaseProbability(p)));
  }

  /** The work each consumer does per record before settling it (none unless set). */
  public ShareConsumeActionBuilder processing(Duration perRecord) {
    refuseIf(perRecord == null || perRecord.isNegative(), "processing(..) must be >= 0");
    return with(spec.withProcessing(perRecord));
  }

  /**
   * The first {@code count} consumers take {@code perRecord} on each record: longer than the lock
   * (share.record.lock.duration.ms) and their locks expire, the records go to the others, and the
   * broker refuses their late acknowledgements. They stop taking records when {@link #during} ends.
   */
  public ShareConsumeActionBuilder slowConsumers(int count, Duration perRecord) {
    refuseIf(
        count < 0 || perRecord == null || perRecord.isNegative(),
        "slowConsumers(" + count + ", " + perRecord + "): a count >= 0 and a time >= 0");
    return with(spec.withSlowConsumers(count, perRecord));
  }

  /**
   * The first {@code count} consumers take {@code lockTimes} x the group's lock per record, the
   * lock the broker gives the group (read before the load); above 1, their locks expire whatever
   * the cluster's bounds on the lock.
   */
  public ShareConsumeActionBuilder slowConsumersOverLock(int count, double lockTimes) {
    refuseIf(
        count < 0 || !(lockTimes > 0),
        "slowConsumersOverLock(" + count + ", " + lockTimes + "): a count >= 0 and > 0");
    return with(spec.withSlowConsumersOverLock(count, lockTimes));
  }

  /**
   * A group config set unless {@link #groupConfig} names it: share.record.lock.duration.ms and
   * share.delivery.count.limit are moved inside the broker's bounds first
   * (group.share.min/max.record.lock.duration.ms, group.share.min/max.delivery.count.limit), where
   * a value given to groupConfig outside them is refused before the load.
   */
  public ShareConsumeActionBuilder groupConfigDefault(String name, Object value) {
    refuseUnnamed("groupConfigDefault", name, value);
    return with(spec.withGroupConfigDefault(name, String.valueOf(value)));
  }

  /**
   * A group config by Kafka's name, set on the group (incrementalAlterConfigs on the GROUP
   * resource) before its consumers join: share.auto.offset.reset (earliest unless set),
   * share.record.lock.duration.ms, share.delivery.count.limit, share.isolation.level, ...
   */
  public ShareConsumeActionBuilder groupConfig(String name, Object value) {
    refuseUnnamed("groupConfig", name, value);
    return with(spec.withGroupConfig(Map.of(name, String.valueOf(value))));
  }

  /** Any KafkaShareConsumer property by Kafka's name (max.poll.records, fetch.max.wait.ms...). */
  public ShareConsumeActionBuilder property(String key, Object value) {
    refuseUnnamed("property", key, value);
    // Kafka's ShareConsumerConfig refuses these when the consumer starts; say so before the load.
    refuseIf(
        CONSUMER_GROUP_ONLY.contains(key),
        ("property %s is a consumer-group setting that a share consumer refuses; a share group's"
                + " own configs say it (groupConfig(\"share.auto.offset.reset\", ..),"
                + " groupConfig(\"share.isolation.level\", ..), ...)")
            .formatted(key));
    return key.equals("share.acknowledgement.mode")
        ? acknowledgement(String.valueOf(value))
        : with(spec.withProperties(Map.of(key, String.valueOf(value))));
  }

  /**
   * How long the consumers take new records (10 s unless set); after it they settle what is left
   * and stop once nothing came for longer than the lock, within {@link #drainTimeout}.
   */
  public ShareConsumeActionBuilder during(Duration during) {
    refuseIf(during == null || during.isNegative() || during.isZero(), "during(..) must be > 0");
    return with(spec.timing(x -> x.withDuring(during)));
  }

  /**
   * The bound on a group that acquires nothing (30 s unless set): once this run's producers have
   * records acked, a group that has acquired none for this long from its start is a KO with its
   * reason ("name ack") and its consumers stop, instead of a silent run.
   */
  public ShareConsumeActionBuilder acquireTimeout(Duration timeout) {
    refuseIf(
        timeout == null || timeout.isNegative() || timeout.isZero(),
        "acquireTimeout(..) must be > 0");
    return with(spec.timing(x -> x.withAcquireTimeout(timeout)));
  }

  /** The bound on settling what is left after {@link #during} (60 s unless set). */
  public ShareConsumeActionBuilder drainTimeout(Duration timeout) {
    refuseIf(timeout == null || timeout.isNegative(), "drainTimeout(..) must be >= 0");
    return with(spec.timing(x -> x.withDrainTimeout(timeout)));
  }

  /**
   * true: one Gatling request per poll that delivered records, "name poll", from the poll to the
   * broker's confirmation of the last of its records' acknowledgements, KO when it refused any;
   * instead of one "name accept" per accepted record. Each record's end-to-end latency still goes
   * to the share group's histogram (the Kafka page, kafka-summary.json) and the reconciliation
   * still sees every record by identity. For throughput tests: a request per record costs Gatling a
   * log line to write and parse each (see docs/benchmark.md). false (the default): a request per
   * accepted record, its response time the record's end-to-end latency, for Gatling's report and
   * assertions.
   */
  public ShareConsumeActionBuilder requestPerPoll(boolean perPoll) {
    return with(spec.requests(x -> x.withRequestPerPoll(perPoll)));
  }

  /**
   * true (the default): after each poll its records' acknowledgements are committed with
   * commitSync, a request of its own ("name ack", the commit's latency). false: no commitSync; they
   * go to the broker with the consumer's next poll, as Kafka's client does by default and
   * kafka-share-consumer-perf-test relies on, saving a round trip per poll; no "name ack" request.
   * Outcomes are counted from the broker's confirmation either way. Consumers with work per record
   * ({@link #processing}, {@link #slowConsumers}) commit each record when done either way.
   */
  public ShareConsumeActionBuilder commitSync(boolean sync) {
    return with(spec.requests(x -> x.withCommitSync(sync)));
  }

  /**
   * true: a consumer still working through a poll's records when half the acquisition lock has
   * passed renews the locks of those it has not reached (AcknowledgeType.RENEW, KIP-1222: the 4.4
   * client, a broker that knows it), so a slow consumer keeps its records instead of losing them to
   * another consumer when the lock expires. Each renewal is a request of its own ("name renew",
   * from the renewal to the renewed records' return; KO naming the partition whose renewal the
   * broker refused, or when no renewed record came back). Explicit acknowledgement only. false (the
   * default): locks are never renewed.
   */
  public ShareConsumeActionBuilder renewLocks(boolean renew) {
    return with(spec.requests(x -> x.withRenewLocks(renew)));
  }

  /** The Scala action builder Gatling runs; called by Gatling, not by simulations. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    boolean implicit = spec.settling().acknowledgement().equals(ShareConsumeSpec.IMPLICIT);
    refuseIf(
        implicit && spec.settling().decides(),
        "with share.acknowledgement.mode=implicit every record is accepted; RELEASE and REJECT"
            + " need acknowledgement(\"explicit\")");
    refuseIf(
        implicit && spec.requests().renewLocks(),
        "renewLocks(true) acknowledges records with RENEW, which"
            + " share.acknowledgement.mode=implicit does not allow; use acknowledgement(\"explicit\")");
    // No group set: ShareActions.shareConsume names one of the run's own (shared by the injectors
    // of a distributed run).
    return ShareActions.shareConsume(spec);
  }
}
