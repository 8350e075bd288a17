package kafkaload.kit;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import kafkaload.KafkaDsl;
import kafkaload.Params;
import kafkaload.ShareConsumeActionBuilder;

/**
 * The knobs of a share-group (KIP-932) run, read once from -D properties with their defaults (docs
 * /parameters.md lists each one).
 *
 * <p>Besides the components: -Dshare.group: the share group; empty (default): one of the run's own;
 * -Dshare.acknowledgement.mode: explicit or implicit (default explicit);
 * -Dshare.record.lock.duration.ms: the group's acquisition lock; a value outside the broker's
 * bounds is refused before the load. Unset: 2000 moved inside the broker's bounds (at least 15000
 * on a broker with Kafka's defaults); -Dshare.delivery.count.limit: deliveries before a record is
 * archived; unset: 3 moved inside the broker's bounds; -Dshare.slowConsumers: consumers that take
 * -Dshare.slowMs per record (default 1); -Dshare.slowMs: the slow consumers' work per record, in
 * ms; unset: 1.5 x the lock the group gets (3000 against 2000), so their locks expire;
 * -Dshare.processingMs: the other consumers' work per record (default 0); -Dshare.renewLocks:
 * consumers renew the locks of the records they are still working on at half the lock (explicit
 * mode; default false: the slow consumers' locks expire); -Dshare.releasePct: % of records released
 * back to the group (default 1); -Dshare.rejectPct: % of records rejected (default 0.5);
 * -Dshare.acquireTimeoutSeconds: a group that has acquired no record this long after its start,
 * while the run's records are acked, is a KO with its reason (default 30).
 *
 * @param rate -Drate: records produced per second (default 200); in a distributed run this
 *     injector's share of it
 * @param consumers -Dshare.consumers: share consumers (default 6); in a distributed run this
 *     injector's share of them (all of them one group)
 * @param drainTimeoutSeconds -Dshare.drainTimeoutSeconds: after the load, how long the consumers
 *     may take to settle what is left (default 60)
 * @param headStartSeconds -Dshare.headStartSeconds: the consumers start this long before the
 *     producers, so the group has joined and its share-partitions are initialised when the first
 *     record comes (a fresh broker creates its internal topics then: several seconds) (default 10)
 * @param rest the other knobs, applied to the share consumers
 */
public record ShareGroupParams(
    int rate,
    int consumers,
    int drainTimeoutSeconds,
    int headStartSeconds,
    UnaryOperator<ShareConsumeActionBuilder> rest) {

  /** Every knob read now, so a bad one is refused before any load. */
  public static ShareGroupParams of(Params params) {
    String group = params.string("share.group", "");
    String acknowledgement =
        params.oneOf("share.acknowledgement.mode", "explicit", "explicit", "implicit");
    // The group configs given; unset, the broker's bounds choose them.
    Map<String, Integer> groupConfigs = new LinkedHashMap<>();
    for (String name : List.of("share.record.lock.duration.ms", "share.delivery.count.limit")) {
      if (params.raw(name) != null) {
        groupConfigs.put(name, params.positiveInt(name, 0));
      }
    }
    int slowConsumers = params.nonNegativeInt("share.slowConsumers", 1);
    Integer slowMs =
        params.raw("share.slowMs") == null ? null : params.nonNegativeInt("share.slowMs", 0);
    int processingMs = params.nonNegativeInt("share.processingMs", 0);
    boolean renewLocks = params.bool("share.renewLocks", false);
    double releasePct = params.percent("share.releasePct", 1);
    double rejectPct = params.percent("share.rejectPct", 0.5);
    int acquireTimeoutSeconds = params.positiveInt("share.acquireTimeoutSeconds", 30);
    UnaryOperator<ShareConsumeActionBuilder> rest =
        b -> {
          b =
              b.acknowledgement(acknowledgement)
                  // Defaults a stock cluster accepts: moved inside its bounds before the load.
                  .groupConfigDefault("share.record.lock.duration.ms", 2000)
                  .groupConfigDefault("share.delivery.count.limit", 3)
                  .acquireTimeout(Duration.ofSeconds(acquireTimeoutSeconds));
          for (Map.Entry<String, Integer> c : groupConfigs.entrySet()) {
            b = b.groupConfig(c.getKey(), c.getValue());
          }
          if (!group.isBlank()) {
            b = b.group(group);
          }
          if (acknowledgement.equals("explicit")) {
            b = b.releaseProbability(releasePct / 100).rejectProbability(rejectPct / 100);
          }
          // renewLocks with implicit acknowledgement: refused before the load, by name.
          b =
              slowMs != null
                  ? b.slowConsumers(slowConsumers, Duration.ofMillis(slowMs))
                  : b.slowConsumersOverLock(slowConsumers, 1.5);
          return b.renewLocks(renewLocks).processing(Duration.ofMillis(processingMs));
        };
    return new ShareGroupParams(
        // Split over the injectors of a distributed run, whose consumers form one group.
        params.share("rate", 200),
        params.share("share.consumers", 6),
        params.nonNegativeInt("share.drainTimeoutSeconds", 60),
        params.nonNegativeInt("share.headStartSeconds", 10),
        rest);
  }

  /** The share consumers these knobs describe, taking records for {@code seconds}. */
  public ShareConsumeActionBuilder consume(String requestName, String topic, int seconds) {
    return rest.apply(
        KafkaDsl.kafka(requestName)
            .shareConsume(topic)
            .consumers(consumers)
            .during(Duration.ofSeconds(seconds))
            .drainTimeout(Duration.ofSeconds(drainTimeoutSeconds)));
  }
}
