package kafkaload.internal.semantic.share;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.protocol.KafkaComponents;

/**
 * Share consumers (KIP-932): each user a share consumer on its own thread ({@link ShareConsumer});
 * outcomes counted on the broker's confirmation ({@link ShareAcks}); the first user starts the
 * {@link ShareLagSampler}, the last judges lag and reconciles ({@link ShareGroupEnd}).
 */
final class ShareConsumeAction extends KafkaAction {
  /** How the share classes record a result in Gatling's stats: OK when koMessage is null. */
  @FunctionalInterface
  interface Log {
    void result(Session session, String request, long start, long end, String koMessage);
  }

  private final ShareConsumeSpec spec;
  private final ShareCounters counters;
  private final int lockMs;
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private ShareConsumer.Group group; // guarded by this

  ShareConsumeAction(
      ShareConsumeSpec spec,
      KafkaComponents components,
      Action next,
      int partitions,
      Map<String, String> groupConfig) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.lockMs = lockMs(groupConfig);
    this.counters =
        components
            .ledger()
            .semantic(ShareGroups.class, ShareGroups::new)
            .group(
                new ShareCounters.Setup(
                    new ShareGroupResults.Settings(
                        spec.requestName(),
                        spec.topic(),
                        spec.group(),
                        spec.settling().acknowledgement(),
                        spec.requests().requestPerPoll(),
                        spec.requests().commitSync(),
                        spec.consumers(),
                        partitions,
                        spec.configs().groupConfig()),
                    intConfig(groupConfig, ShareGroupBounds.DELIVERY, 5),
                    IntStream.range(0, spec.consumers())
                        .mapToObj(i -> spec.processingOf(i).toMillis())
                        .toList()));
  }

  /** The group's lock as the broker has it (Kafka's default when it does not say). */
  static int lockMs(Map<String, String> groupConfig) {
    return intConfig(groupConfig, ShareGroupBounds.LOCK, 30_000);
  }

  private static int intConfig(Map<String, String> config, String name, int dflt) {
    return Objects.requireNonNullElse(ShareGroupBounds.integer(config.get(name)), dflt);
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    ShareConsumer.Group g = group();
    int index = started.getAndIncrement();
    Daemons.start("kafkaload-share-" + index, () -> run(g, session, index));
  }

  /** The group's shared state, made by the first user (users arrive on several event loops). */
  private synchronized ShareConsumer.Group group() {
    if (group == null) {
      long now = System.nanoTime();
      group =
          new ShareConsumer.Group(
              spec,
              components,
              counters,
              this::logResult,
              lockMs,
              now,
              new AtomicLong(now),
              new AtomicBoolean(),
              new ShareLagSampler(components.connection(), spec.group(), counters, now));
    }
    return group;
  }

  private void run(ShareConsumer.Group g, Session session, int index) {
    new ShareConsumer(g, session, index).run();
    if (finished.incrementAndGet() == spec.consumers()) {
      ShareGroupEnd.finish(g, session, g.lag().stopAndReadEnd());
    }
    next.$bang(session);
  }
}
