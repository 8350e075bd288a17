package kafkaload.internal.semantic.share;

import io.gatling.javaapi.core.Session;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Share-group consumers (KIP-932): {@code consumers} share consumers of {@code group} on {@code
 * topic}, each a virtual user on its own thread, settling each record ACCEPT, RELEASE or REJECT;
 * immutable.
 *
 * @param group the share group, or null for one of the run's own
 */
@RecordBuilder
public record ShareConsumeSpec(
    String requestName,
    String topic,
    String group,
    int consumers,
    Settling settling,
    Work work,
    Configs configs,
    Timing timing,
    Requests requests)
    implements ShareConsumeSpecBuilder.With {

  public static final String EXPLICIT = "explicit";
  public static final String IMPLICIT = "implicit";

  /**
   * How each record is settled.
   *
   * @param acknowledgement share.acknowledgement.mode: "explicit" (each record settled by the rules
   *     below) or "implicit" (every delivered record accepted)
   * @param outcome a session function deciding each record's acknowledgement; null: the checks and
   *     probabilities below, then ACCEPT
   * @param rejectIf a check on the record that rejects it; null: none
   * @param releaseIf a check on the record that releases it (back to the group); null: none
   * @param rejectProbability the chance a record is rejected (0 to 1)
   * @param releaseProbability the chance a record is released (0 to 1)
   */
  @RecordBuilder
  public record Settling(
      String acknowledgement,
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, AcknowledgeType> outcome,
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> rejectIf,
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> releaseIf,
      double rejectProbability,
      double releaseProbability)
      implements ShareConsumeSpecSettlingBuilder.With {

    /** Whether records are settled one by one (anything but accept-all needs it). */
    public boolean decides() {
      return outcome != null
          || rejectIf != null
          || releaseIf != null
          || rejectProbability > 0
          || releaseProbability > 0;
    }
  }

  /**
   * The work per record.
   *
   * @param processing the work per record of every consumer
   * @param slowConsumers how many consumers (the first ones) take {@code slowProcessing} per record
   * @param slowLockTimes above 0: the slow consumers take this many times the group's lock per
   *     record, whatever lock the broker gives it (instead of {@code slowProcessing})
   */
  @RecordBuilder
  public record Work(
      Duration processing, int slowConsumers, Duration slowProcessing, double slowLockTimes)
      implements ShareConsumeSpecWorkBuilder.With {}

  /**
   * Configs by Kafka's names.
   *
   * @param groupConfig the share group's configs, set before the consumers join
   * @param groupConfigDefaults group configs set unless {@code groupConfig} names them, the lock
   *     and the delivery limit moved inside the broker's bounds first (ShareGroupBounds)
   * @param consumerProperties KafkaShareConsumer properties
   */
  @RecordBuilder
  public record Configs(
      Map<String, String> groupConfig,
      Map<String, String> groupConfigDefaults,
      Map<String, String> consumerProperties)
      implements ShareConsumeSpecConfigsBuilder.With {
    public Configs {
      groupConfig = Map.copyOf(groupConfig);
      groupConfigDefaults = Map.copyOf(groupConfigDefaults);
      consumerProperties = Map.copyOf(consumerProperties);
    }
  }

  /**
   * How long the consumers run.
   *
   * @param during how long the consumers take new records
   * @param drainTimeout after {@code during}, how long they may go on settling what is left
   * @param acquireTimeout the bound on a group that acquires nothing: once the run's producers have
   *     records acked and the group has acquired none for this long from its start, it is a KO with
   *     its reason and the consumers stop (a cluster whose share coordinator cannot serve them)
   */
  @RecordBuilder
  public record Timing(Duration during, Duration drainTimeout, Duration acquireTimeout)
      implements ShareConsumeSpecTimingBuilder.With {}

  /**
   * What is timed as a Gatling request.
   *
   * @param requestPerPoll true: one Gatling request per poll ("name poll", from the poll to the
   *     confirmation of its records' acknowledgements) instead of one per accepted record ("name
   *     accept"); the per-record figures still go to the share group's counters
   * @param commitSync true: each poll's acknowledgements are committed with commitSync, timed as a
   *     request ("name ack"); false: they go to the broker with the next poll (Kafka's own way, as
   *     kafka-share-consumer-perf-test does). Consumers with work per record commit each record
   *     either way
   * @param renewLocks true (explicit mode): a consumer still working through a poll's records when
   *     half the acquisition lock has passed renews the locks of the records it has not reached
   *     (AcknowledgeType.RENEW, KIP-1222), timed as a request ("name renew"), instead of letting
   *     them expire and go to another consumer
   */
  @RecordBuilder
  public record Requests(boolean requestPerPoll, boolean commitSync, boolean renewLocks)
      implements ShareConsumeSpecRequestsBuilder.With {}

  /** One consumer, explicit, all accepted, from earliest, 10 s, then up to 60 s to settle. */
  public static ShareConsumeSpec of(String requestName, String topic) {
    return new ShareConsumeSpec(
        requestName,
        topic,
        null,
        1,
        new Settling(EXPLICIT, null, null, null, 0, 0),
        new Work(Duration.ZERO, 0, Duration.ZERO, 0),
        new Configs(Map.of("share.auto.offset.reset", "earliest"), Map.of(), Map.of()),
        new Timing(Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(30)),
        new Requests(false, true, false));
  }

  public ShareConsumeSpec settling(UnaryOperator<Settling> change) {
    return withSettling(change.apply(settling));
  }

  public ShareConsumeSpec timing(UnaryOperator<Timing> change) {
    return withTiming(change.apply(timing));
  }

  public ShareConsumeSpec requests(UnaryOperator<Requests> change) {
    return withRequests(change.apply(requests));
  }

  public ShareConsumeSpec withProcessing(Duration perRecord) {
    return withWork(work.withProcessing(perRecord));
  }

  public ShareConsumeSpec withSlowConsumers(int n, Duration d) {
    return withWork(new Work(work.processing(), n, d, 0));
  }

  /** The first {@code n} consumers take {@code lockTimes} x the group's lock per record. */
  public ShareConsumeSpec withSlowConsumersOverLock(int n, double lockTimes) {
    return withWork(work.withSlowConsumers(n).withSlowLockTimes(lockTimes));
  }

  /** These group configs over the ones already set. */
  public ShareConsumeSpec withGroupConfig(Map<String, String> more) {
    return withConfigs(configs.withGroupConfig(plus(configs.groupConfig(), more)));
  }

  /** A group config set unless {@code groupConfig} names it (moved inside the broker's bounds). */
  public ShareConsumeSpec withGroupConfigDefault(String name, String value) {
    return withConfigs(
        configs.withGroupConfigDefaults(plus(configs.groupConfigDefaults(), Map.of(name, value))));
  }

  /** These consumer properties over the ones already set. */
  public ShareConsumeSpec withProperties(Map<String, String> more) {
    return withConfigs(configs.withConsumerProperties(plus(configs.consumerProperties(), more)));
  }

  /** {@code base} with {@code more} over it, in order. */
  private static Map<String, String> plus(Map<String, String> base, Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(base);
    all.putAll(more);
    return all;
  }

  /** The slow consumers' time per record once the group's lock is known, if it follows it. */
  public ShareConsumeSpec withLock(int lockMs) {
    return work.slowLockTimes() > 0
        ? withWork(
            work.withSlowProcessing(Duration.ofMillis(Math.round(lockMs * work.slowLockTimes()))))
        : this;
  }

  /** The work per record of consumer {@code index}. */
  public Duration processingOf(int index) {
    return index < work.slowConsumers() ? work.slowProcessing() : work.processing();
  }
}
