package kafkaload.internal.semantic.subscription;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.RunLedger;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The subscriptions, run by one virtual user on a thread of its own: every group's consumers read
 * for the spec's time, then until every acked record is read (the producers done) or the drain's
 * bound; each subscription then reconciled by identity against the run's acked records, its verdict
 * the request {@code "<name> <i> reconciled"}, and a console line.
 */
final class SubscriptionAction extends KafkaAction {
  private final SubscriptionSpec spec;
  private final int partitions;

  SubscriptionAction(
      SubscriptionSpec spec, KafkaComponents components, Action next, int partitions) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.partitions = partitions;
  }

  @Override
  public void execute(Session session) {
    Thread t = new Thread(() -> runAndPassOn(session), "kafkaload-subscriptions");
    t.setDaemon(true);
    t.start();
  }

  private void runAndPassOn(Session session) {
    SubscriptionCounters counters = SubscriptionSemantic.counters(components.ledger());
    if (!counters.started(spec, partitions)) {
      String ko = "one set of subscriptions per protocol: this protocol already ran one";
      logVerdict(session, spec.requestName() + " reconciled", ko);
      next.$bang(session.markAsFailed());
      return;
    }
    long startMillis = System.currentTimeMillis();
    List<List<SubscriptionConsumer>> groups = new ArrayList<>();
    try {
      for (int i = 0; i < spec.subscriptions(); i++) {
        groups.add(start(counters.subscription(i), startMillis));
      }
      read(counters, startMillis);
    } finally {
      groups.forEach(g -> g.forEach(SubscriptionConsumer::stop));
    }
    boolean failed = false;
    for (int i = 0; i < groups.size(); i++) {
      String ko = judge(counters.subscription(i), groups.get(i));
      logVerdict(session, spec.requestName() + " " + i + " reconciled", ko);
      print(counters.subscription(i).figures());
      failed |= ko != null;
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  private List<SubscriptionConsumer> start(SubscriptionCounters.One sub, long startMillis) {
    List<SubscriptionConsumer> consumers = new ArrayList<>();
    ConsumerFactory factory =
        ConsumerFactory.of(components.connection(), sub.group())
            .isolation(components.protocol().isolationLevel())
            .offsetReset("earliest") // only where the run's start offset is missing
            .property(ConsumerConfig.GROUP_ID_CONFIG, sub.group())
            .property(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true")
            .property(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000");
    for (int j = 0; j < spec.consumers(); j++) {
      SubscriptionConsumer c =
          new SubscriptionConsumer(
              factory.property(ConsumerConfig.CLIENT_ID_CONFIG, sub.group() + "-" + j).create(),
              spec.topic(),
              sub,
              components.ledger().identity().runIdBytes(),
              // No warm-up: every record timed, those sent before the consumers started too.
              spec.measuredAfter().isZero()
                  ? Long.MIN_VALUE
                  : startMillis + spec.measuredAfter().toMillis(),
              "kafkaload-" + sub.group() + "-" + j);
      c.start();
      consumers.add(c);
    }
    return consumers;
  }

  /**
   * Reads for the spec's time, then until every subscription has read every acked record with
   * nothing in flight and no ack for a second (the producers done), or the drain's bound.
   */
  private void read(SubscriptionCounters counters, long startMillis) {
    sleepUntil(startMillis + spec.during().toMillis());
    long drainEnd = System.currentTimeMillis() + spec.drainTimeout().toMillis();
    DeliveryLedger delivery = components.ledger().delivery();
    long lastAcked = -1;
    long ackedSince = System.currentTimeMillis();
    while (System.currentTimeMillis() < drainEnd && !Thread.currentThread().isInterrupted()) {
      long acked = delivery.ackedCount();
      if (acked != lastAcked) {
        lastAcked = acked;
        ackedSince = System.currentTimeMillis();
      }
      boolean quiet = delivery.inFlight() == 0 && System.currentTimeMillis() - ackedSince >= 1000;
      if (quiet && allRead(counters, acked)) {
        return;
      }
      sleepUntil(System.currentTimeMillis() + 100);
    }
  }

  private boolean allRead(SubscriptionCounters counters, long acked) {
    for (int i = 0; i < spec.subscriptions(); i++) {
      if (counters.subscription(i).distinct() < acked) {
        return false;
      }
    }
    return true;
  }

  /** The subscription's verdict: null when it read every acked record of the run. */
  private String judge(SubscriptionCounters.One sub, List<SubscriptionConsumer> consumers) {
    RunLedger ledger = components.ledger();
    Set<String> topics = ledger.delivery().ackedTopics();
    if (!topics.isEmpty() && !topics.equals(Set.of(spec.topic()))) {
      String ko =
          "not reconciled by identity: the protocol sent to other topics too "
              + topics
              + "; give the subscribed topic's producers a protocol of their own";
      sub.verdict(ko);
      return ko;
    }
    String ko =
        sub.reconcile(
            ledger.injector().sequenceStart(), ledger.sequencesIssued(), ledger.koLedger());
    String stopped =
        consumers.stream()
            .map(SubscriptionConsumer::failure)
            .filter(f -> f != null)
            .findFirst()
            .orElse(null);
    if (stopped != null) {
      ko =
          "a consumer of group '"
              + sub.group()
              + "' failed: "
              + stopped
              + (ko == null ? "" : "; " + ko);
      sub.verdict(ko);
    }
    return ko;
  }

  private void print(SubscriptionFigures.Subscription s) {
    Percentiles e = s.e2eMs();
    Console.out(
        String.format(
            Locale.ROOT,
            "[kafkaload] subscription '%s' (%d %s): %,d of %,d acked records read (%,d"
                + " reads), %s msg/s, end-to-end p50 %s ms, p99 %s ms, max %s ms: %s",
            s.group(),
            s.consumers(),
            s.consumers() == 1 ? "consumer" : "consumers",
            s.expected() - s.missing(),
            s.expected(),
            s.consumed(),
            s.consumedPerSec() == null
                ? "-"
                : String.format(Locale.ROOT, "%,.0f", s.consumedPerSec()),
            ms(e.p50()),
            ms(e.p99()),
            ms(e.max()),
            s.verdict() == null ? "PASS" : "FAIL (" + s.verdict() + ")"));
  }

  private static String ms(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static void sleepUntil(long millis) {
    long left;
    while ((left = millis - System.currentTimeMillis()) > 0) {
      try {
        Thread.sleep(Math.min(left, 200));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
