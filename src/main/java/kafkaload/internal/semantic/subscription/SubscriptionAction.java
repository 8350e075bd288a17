package kafkaload.internal.semantic.subscription;

import static kafkaload.internal.config.Console.text;

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
    if (!counters.started(spec, partitions)) {
      String ko = "one set of subscriptions per protocol: this protocol already ran one";
      logVerdict(session, spec.requestName() + " reconciled", ko);
      next.$bang(session.markAsFailed());
      return;
    }
    long startMillis = System.currentTimeMillis();
    List<List<SubscriptionConsumer>> consumers = new ArrayList<>();
    List<SubscriptionConsumer> started = new ArrayList<>();
    RuntimeException broke = null;
    try {
      for (int i = 0; i < spec.subscriptions(); i++) {
        int from = started.size();
        counters.subscription(i).forEach(g -> start(g, startMillis, started));
        consumers.add(List.copyOf(started.subList(from, started.size())));
      }
      read(counters, startMillis);
    } catch (RuntimeException e) {
      broke = e; // a consumer that could not be made: a KO, not a user that never goes on
    } finally {
      started.forEach(SubscriptionConsumer::stop);
    }
    if (broke != null) {
      logVerdict(session, spec.requestName() + " reconciled", "not read: " + reason(broke));
      next.$bang(session.markAsFailed());
      return;
    }
    boolean failed = false;
    for (int i = 0; i < consumers.size(); i++) {
      String ko = judge(counters, i, consumers.get(i));
      logVerdict(session, spec.requestName() + " " + i + " reconciled", ko);
      counters.subscription(i).forEach(g -> print(g.figures()));
      failed |= ko != null;
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  /** Starts the consumers of one subscription's group on its topic, into {@code consumers}. */
  private void start(
      SubscriptionCounters.One sub, long startMillis, List<SubscriptionConsumer> consumers) {
    ConsumerFactory factory =
        ConsumerFactory.of(components.connection(), sub.group())
            .isolation(components.protocol().isolationLevel())
            .offsetReset("earliest") // only where the run's start offset is missing
            .property(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true")
            .property(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000")
            .properties(spec.consumerProperties())
            .property(ConsumerConfig.GROUP_ID_CONFIG, sub.group());
    // Without auto-commit (OMB's drivers turn it off) each consumer commits after each poll.
    String autoCommit = spec.consumerProperties().get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG);
    boolean commitEachPoll = "false".equalsIgnoreCase(autoCommit);
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
        .allMatch(
            i ->
                counters.subscription(i).stream()
                        .mapToLong(SubscriptionCounters.One::distinct)
                        .sum()
                    >= acked);
  }

  /**
   * Subscription {@code i}'s verdict: null when each of its groups read every record acked into its
   * topic, else what each failing group missed, naming its topic and group.
   */
  private String judge(SubscriptionCounters counters, int i, List<SubscriptionConsumer> consumers) {
    RunLedger ledger = components.ledger();
    DeliveryLedger delivery = ledger.delivery();
    Set<String> topics = delivery.ackedTopics();
    List<SubscriptionCounters.One> groups = counters.subscription(i);
    if (!spec.topics().containsAll(topics)) {
      Set<String> others = new TreeSet<>(topics);
      spec.topics().forEach(others::remove);
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
