package kafkaload.internal.semantic.share;

import io.gatling.javaapi.core.Session;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Share-group consumers (KIP-932): {@code consumers} share consumers of {@code group} on {@code
 * topic}, each a virtual user on its own thread, settling each record ACCEPT, RELEASE or REJECT;
 * immutable.
 *
 * @param group the share group, or null for one of the run's own
 * @param acknowledgement share.acknowledgement.mode: "explicit" (each record settled by the rules
 *     below) or "implicit" (every delivered record accepted)
 * @param outcome a session function deciding each record's acknowledgement; null: the checks and
 *     probabilities below, then ACCEPT
 * @param rejectIf a check on the record that rejects it; null: none
 * @param releaseIf a check on the record that releases it (back to the group); null: none
 * @param rejectProbability the chance a record is rejected (0 to 1)
 * @param releaseProbability the chance a record is released (0 to 1)
 * @param processing the work per record of every consumer
 * @param slowConsumers how many consumers (the first ones) take {@code slowProcessing} per record
 * @param groupConfig the share group's configs by Kafka's names, set before the consumers join
 * @param consumerProperties KafkaShareConsumer properties by Kafka's names
 * @param during how long the consumers take new records
 * @param drainTimeout after {@code during}, how long they may go on settling what is left
 * @param requestPerPoll true: one Gatling request per poll ("name poll", from the poll to the
 *     confirmation of its records' acknowledgements) instead of one per accepted record ("name
 *     accept"); the per-record figures still go to the share group's counters
 * @param commitSync true: each poll's acknowledgements are committed with commitSync, timed as a
 *     request ("name ack"); false: they go to the broker with the next poll (Kafka's own way, as
 *     kafka-share-consumer-perf-test does). Consumers with work per record commit each record
 *     either way
 * @param renewLocks true (explicit mode): a consumer still working through a poll's records when
 *     half the acquisition lock has passed renews the locks of the records it has not reached
 *     (AcknowledgeType.RENEW, KIP-1222), timed as a request ("name renew"), instead of letting them
 *     expire and go to another consumer
 * @param groupConfigDefaults group configs set unless {@code groupConfig} names them, the lock and
 *     the delivery limit moved inside the broker's bounds first (ShareGroupBounds)
 * @param slowLockTimes above 0: the slow consumers take this many times the group's lock per
 *     record, whatever lock the broker gives it (instead of {@code slowProcessing})
 * @param acquireTimeout the bound on a group that acquires nothing: once the run's producers have
 *     records acked and the group has acquired none for this long from its start, it is a KO with
 *     its reason and the consumers stop (a cluster whose share coordinator cannot serve them)
 */
@RecordBuilder
public record ShareConsumeSpec(
    String requestName,
    String topic,
    String group,
    int consumers,
    String acknowledgement,
    BiFunction<Session, ConsumerRecord<byte[], byte[]>, AcknowledgeType> outcome,
    BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> rejectIf,
    BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> releaseIf,
    double rejectProbability,
    double releaseProbability,
    Duration processing,
    int slowConsumers,
    Duration slowProcessing,
    Map<String, String> groupConfig,
    Map<String, String> consumerProperties,
    Duration during,
    Duration drainTimeout,
    boolean requestPerPoll,
    boolean commitSync,
    boolean renewLocks,
    Map<String, String> groupConfigDefaults,
    double slowLockTimes,
    Duration acquireTimeout)
    implements ShareConsumeSpecBuilder.With {

  public static final String EXPLICIT = "explicit";
  public static final String IMPLICIT = "implicit";

  public ShareConsumeSpec {
    groupConfig = Map.copyOf(groupConfig);
    consumerProperties = Map.copyOf(consumerProperties);
    groupConfigDefaults = Map.copyOf(groupConfigDefaults);
  }

  /** One consumer, explicit, all accepted, from earliest, 10 s, then up to 60 s to settle. */
  public static ShareConsumeSpec of(String requestName, String topic) {
    return new ShareConsumeSpec(
        requestName,
        topic,
        null,
        1,
        EXPLICIT,
        null,
        null,
        null,
        0,
        0,
        Duration.ZERO,
        0,
        Duration.ZERO,
        Map.of("share.auto.offset.reset", "earliest"),
        Map.of(),
        Duration.ofSeconds(10),
        Duration.ofSeconds(60),
        false,
        true,
        false,
        Map.of(),
        0,
        Duration.ofSeconds(30));
  }

  public ShareConsumeSpec withSlowConsumers(int n, Duration d) {
    return with(b -> b.slowConsumers(n).slowProcessing(d).slowLockTimes(0));
  }

  /** The first {@code n} consumers take {@code lockTimes} x the group's lock per record. */
  public ShareConsumeSpec withSlowConsumersOverLock(int n, double lockTimes) {
    return with(b -> b.slowConsumers(n).slowLockTimes(lockTimes));
  }

  /** These group configs over the ones already set. */
  public ShareConsumeSpec withGroupConfig(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(groupConfig);
    all.putAll(more);
    return with(b -> b.groupConfig(all));
  }

  /** A group config set unless {@code groupConfig} names it (moved inside the broker's bounds). */
  public ShareConsumeSpec withGroupConfigDefault(String name, String value) {
    Map<String, String> all = new LinkedHashMap<>(groupConfigDefaults);
    all.put(name, value);
    return with(b -> b.groupConfigDefaults(all));
  }

  /** The slow consumers' time per record once the group's lock is known, if it follows it. */
  public ShareConsumeSpec withLock(int lockMs) {
    return slowLockTimes > 0
        ? withSlowProcessing(Duration.ofMillis(Math.round(lockMs * slowLockTimes)))
        : this;
  }

  /** These consumer properties over the ones already set. */
  public ShareConsumeSpec withProperties(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(consumerProperties);
    all.putAll(more);
    return with(b -> b.consumerProperties(all));
  }

  /** The work per record of consumer {@code index}. */
  public Duration processingOf(int index) {
    return index < slowConsumers ? slowProcessing : processing;
  }

  /** Whether records are settled one by one (anything but accept-all needs it). */
  public boolean decides() {
    return outcome != null
        || rejectIf != null
        || releaseIf != null
        || rejectProbability > 0
        || releaseProbability > 0;
  }
}
