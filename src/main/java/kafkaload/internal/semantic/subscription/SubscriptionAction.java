package kafkaload.internal.semantic.subscription;

import static kafkaload.internal.config.Console.text;
import static org.apache.kafka.clients.consumer.ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.PartitionCounters;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantic.subscription.SubscriptionCounters.One;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.utils.Utils;

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
    Daemons.start("kafkaload-subscriptions", () -> runAndPassOn(session));
  }

  private void runAndPassOn(Session session) {
    SubscriptionCounters counters =
        components.ledger().semantic(SubscriptionCounters.class, SubscriptionCounters::new);
    List<List<SubscriptionConsumer>> consumers = new ArrayList<>();
    String ko =
        counters.started(spec, partitions)
            ? readAll(counters, consumers)
            : "one set of subscriptions per protocol: this protocol already ran one";
    if (ko != null) {
      logVerdict(session, spec.requestName() + " reconciled", ko);
      next.$bang(session.markAsFailed());
      return;
    }
    boolean failed = false;
    for (int i = 0; i < consumers.size(); i++) {
      String verdict = judge(counters, i, consumers.get(i));
      logVerdict(session, spec.requestName() + " " + i + " reconciled", verdict);
      counters.subscription(i).forEach(g -> print(g.figures()));
      failed |= verdict != null;
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  /**
   * Starts each subscription's consumers into {@code consumers}, reads, then stops them all: null,
   * else why they could not read.
   */
  private String readAll(
      SubscriptionCounters counters, List<List<SubscriptionConsumer>> consumers) {
    long startMillis = System.currentTimeMillis();
    try {
      for (int i = 0; i < spec.subscriptions(); i++) {
        List<SubscriptionConsumer> mine = new ArrayList<>();
        consumers.add(mine);
        counters.subscription(i).forEach(g -> start(g, startMillis, mine));
      }
      read(counters, startMillis);
      return null;
    } catch (RuntimeException e) {
      // A consumer that could not be made: a KO, not a user that never goes on.
      return "not read: " + reason(e);
    } finally {
      consumers.forEach(mine -> mine.forEach(SubscriptionConsumer::stop));
    }
  }

  /** Starts the consumers of one subscription's group on its topic, into {@code consumers}. */
  private void start(One sub, long startMillis, List<SubscriptionConsumer> consumers) {
    ConsumerFactory factory =
        ConsumerFactory.of(components.connection(), sub.group())
            .isolation(components.protocol().isolationLevel())
            .offsetReset("earliest") // only where the run's start offset is missing
            .property(ENABLE_AUTO_COMMIT_CONFIG, "true")
            .property(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000")
            .properties(spec.consumerProperties())
            .property(ConsumerConfig.GROUP_ID_CONFIG, sub.group());
    // Without auto-commit (OMB's drivers turn it off) each consumer commits after each poll.
    boolean commitEachPoll =
        "false".equalsIgnoreCase(spec.consumerProperties().get(ENABLE_AUTO_COMMIT_CONFIG));
    // No warm-up: every record timed, those sent before the consumers started too.
    long timedFrom =
        spec.measuredAfter().isZero()
            ? Long.MIN_VALUE
            : startMillis + spec.measuredAfter().toMillis();
    for (int j = 0; j < spec.consumers(); j++) {
      String client = sub.group() + "-" + j;
      // The run identity and timestamp are all it reads.
      SubscriptionConsumer c =
          new SubscriptionConsumer(
              factory.property(ConsumerConfig.CLIENT_ID_CONFIG, client).createHeadersOnly(),
              sub,
              timedFrom,
              "kafkaload-" + client,
              commitEachPoll,
              components.ledger());
      c.start();
      consumers.add(c);
    }
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

  /** Each subscription has read, over its groups, as many distinct records as were acked. */
  private boolean allRead(SubscriptionCounters counters, long acked) {
    return IntStream.range(0, spec.subscriptions())
        .allMatch(i -> counters.subscription(i).stream().mapToLong(One::distinct).sum() >= acked);
  }

  /**
   * Subscription {@code i}'s verdict: null when each of its groups read every record acked into its
   * topic, else what each failing group missed, naming its topic and group.
   */
  private String judge(SubscriptionCounters counters, int i, List<SubscriptionConsumer> consumers) {
    RunLedger ledger = components.ledger();
    DeliveryLedger delivery = ledger.delivery();
    Set<String> others = new TreeSet<>(delivery.ackedTopics());
    others.removeAll(spec.topics());
    List<One> groups = counters.subscription(i);
    if (!others.isEmpty()) {
      String ko =
          "not reconciled by identity: the protocol sent to topics it does not read too "
              + others
              + "; give the subscribed topics' producers a protocol of their own";
      groups.forEach(g -> g.verdict(ko));
      return ko;
    }
    String ko =
        counters.reconcile(
            i,
            topic ->
                delivery.ackedByPartition(topic).values().stream()
                        .mapToLong(PartitionCounters.Count::records)
                        .sum()
                    - delivery.notOwed(topic),
            ledger.injector().sequenceStart(),
            ledger.sequencesIssued(),
            ledger.koLedger());
    String stopped =
        consumers.stream()
            .map(SubscriptionConsumer::failure)
            .filter(f -> f != null)
            .findFirst()
            .orElse(null);
    if (stopped != null) {
      String both =
          "a consumer of subscription " + i + " failed: " + stopped + (ko == null ? "" : "; " + ko);
      groups.forEach(g -> g.verdict(both));
      return both;
    }
    return ko;
  }

  private void print(SubscriptionFigures.Subscription s) {
    Percentiles e = s.reads().e2eMs();
    Console.out(
        text(
            "[kafkaload] subscription '%s' (%d %s%s): %,d of %,d acked records read (%,d"
                + " reads), %s msg/s, end-to-end p50 %s ms, p99 %s ms, max %s ms: %s",
            s.group(),
            s.consumers(),
            s.consumers() == 1 ? "consumer" : "consumers",
            spec.topics().size() == 1 ? "" : " of '" + s.topic() + "'",
            s.coverage().expected() - s.coverage().missing(),
            s.coverage().expected(),
            s.reads().consumed(),
            s.reads().consumedPerSec() == null ? "-" : text("%,.0f", s.reads().consumedPerSec()),
            ms(e.p50()),
            ms(e.p99()),
            ms(e.max()),
            s.verdict() == null ? "PASS" : "FAIL (" + s.verdict() + ")"));
  }

  private static String ms(Double v) {
    return v == null ? "-" : text("%.1f", v);
  }

  private static void sleepUntil(long millis) {
    long left;
    while ((left = millis - System.currentTimeMillis()) > 0) {
      Utils.sleep(Math.min(left, 200)); // an interrupt ends the wait, and is kept
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }
}
