package kafkaload.kit;

import java.time.Duration;
import kafkaload.KafkaDsl;
import kafkaload.Params;
import kafkaload.ShareConsumeActionBuilder;

/**
 * The knobs of a share-group (KIP-932) run, read once from -D properties with their defaults (docs
 * /parameters.md lists each one).
 *
 * @param rate -Drate: records produced per second (default 200); in a distributed run this
 *     injector's share of it
 * @param consumers -Dshare.consumers: share consumers (default 6); in a distributed run this
 *     injector's share of them (all of them one group)
 * @param group -Dshare.group: the share group; empty (default): one of the run's own
 * @param acknowledgement -Dshare.acknowledgement.mode: explicit or implicit (default explicit)
 * @param lockMs -Dshare.record.lock.duration.ms: the group's acquisition lock (default 2000)
 * @param deliveryLimit -Dshare.delivery.count.limit: deliveries before a record is archived
 *     (default 3)
 * @param slowConsumers -Dshare.slowConsumers: consumers that take -Dshare.slowMs per record
 *     (default 1)
 * @param slowMs -Dshare.slowMs: the slow consumers' work per record, in ms (default 3000: longer
 *     than the lock, so their locks expire)
 * @param processingMs -Dshare.processingMs: the other consumers' work per record (default 0)
 * @param renewLocks -Dshare.renewLocks: consumers renew the locks of the records they are still
 *     working on at half the lock (explicit mode; default false: the slow consumers' locks expire)
 * @param releasePct -Dshare.releasePct: % of records released back to the group (default 1)
 * @param rejectPct -Dshare.rejectPct: % of records rejected (default 0.5)
 * @param drainTimeoutSeconds -Dshare.drainTimeoutSeconds: after the load, how long the consumers
 *     may take to settle what is left (default 60)
 * @param headStartSeconds -Dshare.headStartSeconds: the consumers start this long before the
 *     producers, so the group has joined and its share-partitions are initialised when the first
 *     record comes (a fresh broker creates its internal topics then: several seconds) (default 10)
 */
public record ShareGroupParams(
    int rate,
    int consumers,
    String group,
    String acknowledgement,
    int lockMs,
    int deliveryLimit,
    int slowConsumers,
    int slowMs,
    int processingMs,
    boolean renewLocks,
    double releasePct,
    double rejectPct,
    int drainTimeoutSeconds,
    int headStartSeconds) {

  public static ShareGroupParams of(Params params) {
    return new ShareGroupParams(
        // Split over the injectors of a distributed run, whose consumers form one group.
        params.share("rate", 200),
        params.share("share.consumers", 6),
        params.string("share.group", ""),
        params.oneOf("share.acknowledgement.mode", "explicit", "explicit", "implicit"),
        params.positiveInt("share.record.lock.duration.ms", 2000),
        params.positiveInt("share.delivery.count.limit", 3),
        params.nonNegativeInt("share.slowConsumers", 1),
        params.nonNegativeInt("share.slowMs", 3000),
        params.nonNegativeInt("share.processingMs", 0),
        params.bool("share.renewLocks", false),
        params.percent("share.releasePct", 1),
        params.percent("share.rejectPct", 0.5),
        params.nonNegativeInt("share.drainTimeoutSeconds", 60),
        params.nonNegativeInt("share.headStartSeconds", 10));
  }

  /** The share consumers these knobs describe, taking records for {@code seconds}. */
  public ShareConsumeActionBuilder consume(String requestName, String topic, int seconds) {
    ShareConsumeActionBuilder b =
        KafkaDsl.kafka(requestName)
            .shareConsume(topic)
            .consumers(consumers)
            .acknowledgement(acknowledgement)
            .groupConfig("share.record.lock.duration.ms", lockMs)
            .groupConfig("share.delivery.count.limit", deliveryLimit)
            .during(Duration.ofSeconds(seconds))
            .drainTimeout(Duration.ofSeconds(drainTimeoutSeconds));
    if (!group.isBlank()) {
      b = b.group(group);
    }
    if (acknowledgement.equals("explicit")) {
      b = b.releaseProbability(releasePct / 100).rejectProbability(rejectPct / 100);
    }
    // renewLocks with implicit acknowledgement: refused before the load, by name.
    return b.renewLocks(renewLocks)
        .slowConsumers(slowConsumers, Duration.ofMillis(slowMs))
        .processing(Duration.ofMillis(processingMs));
  }
}
