package kafkaload.internal.semantic.backlog;

import static kafkaload.internal.config.Console.text;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.math.BigDecimal;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A backlog build-and-drain, on a thread of its own: pauses the group, produces until its lag
 * reaches the backlog asked for (or the build's bound), resumes it while the producers go on, and
 * reads produced, consumed and lag every second until the lag is down to {@code (1 - drainRatio)}
 * of its peak (or the drain's bound). Its verdict is {@code "<name> drained"}: OK, or a KO naming
 * the lag left. Every wait is bounded, so it never hangs; the group is resumed whatever happens.
 */
final class BacklogAction extends KafkaAction {
  static final Logger LOG = LoggerFactory.getLogger(BacklogAction.class);

  private final BacklogSpec spec;

  BacklogAction(BacklogSpec spec, KafkaComponents components, Action next) {
    super(spec.requestName(), components, next);
    this.spec = spec;
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    Daemons.start("kafkaload-backlog", () -> runAndPassOn(session));
  }

  private void runAndPassOn(Session session) {
    BacklogCounters counters =
        components.ledger().semantic(BacklogCounters.class, BacklogCounters::new);
    String ko;
    if (!counters.started(spec)) {
      ko = "one backlog per protocol: this protocol already ran one";
    } else {
      try {
        ko = run(session, counters);
      } catch (RuntimeException e) {
        ko = "the backlog failed: " + reason(e);
        counters.ended(null, null, null, null, ko);
      }
    }
    if (ko != null) {
      say("KO %s", ko);
    }
    logVerdict(session, spec.requestName() + " drained", ko);
    next.$bang(ko == null ? session : session.markAsFailed());
  }

  private String run(Session session, BacklogCounters counters) {
    try (Admin admin = components.connection().admin()) {
      BacklogProbe probe =
          new BacklogProbe(admin, spec.topic(), spec.group(), components.connection().timeoutMs());
      BacklogLoad load =
          new BacklogLoad(
              spec,
              session,
              sender(false),
              sender(true),
              counters,
              (request, start, end, koReason) -> logResult(session, request, start, end, koReason));
      try {
        spec.control().pause();
        paused = true;
        say(
            "group '%s' paused (%s); producing %,d msg/s of %,d B to '%s' until it is %,d"
                + " records (~%s) behind",
            spec.group(),
            spec.control().kind(),
            spec.ratePerSec(),
            spec.recordSize(),
            spec.topic(),
            spec.targetRecords(),
            mb(spec.targetBytes()));
        load.start();
        BacklogPhases phases = new BacklogPhases(spec, probe, counters);
        BacklogMath.Reading built = phases.build();
        if (built.lag() < spec.targetRecords()) {
          String ko =
              text(
                  "backlog not built within %d s: the group's lag reached %,d records (~%s) of the"
                      + " %,d asked; is the group paused, and the rate high enough?",
                  spec.bounds().maxBuildSeconds(),
                  built.lag(),
                  mb(BacklogMath.bytes(built.lag(), spec.recordSize())),
                  spec.targetRecords());
          counters.ended(null, null, built.lag(), null, ko);
          return ko;
        }
        return catchUp(probe, phases, built, load, counters, session);
      } finally {
        load.stop();
        if (paused) {
          resume();
        }
      }
    }
  }

  /** The group is paused, and not resumed yet: it is resumed whatever happens. */
  private volatile boolean paused;

  private void resume() {
    spec.control().resume();
    paused = false;
  }

  private String catchUp(
      BacklogProbe probe,
      BacklogPhases phases,
      BacklogMath.Reading built,
      BacklogLoad load,
      BacklogCounters counters,
      Session session) {
    double resumedAt = probe.second();
    counters.resumed(resumedAt);
    load.catchingUp();
    ReplyReader replies = replies(session, counters, probe.startMillis());
    try {
      resume();
      say(
          "%,d records (~%s) behind after %.1f s; group resumed, the producers go on",
          built.lag(), mb(BacklogMath.bytes(built.lag(), spec.recordSize())), resumedAt);
      BacklogPhases.Drain d = phases.drain(built, resumedAt);
      BacklogMath.Rates r = d.rates();
      String rateText =
          text(
              "catch-up %,.0f msg/s (consumed %,.0f/s, produced %,.0f/s)",
              r.catchUpPerSec(), r.consumedPerSec(), r.producedPerSec());
      if (d.drained()) {
        counters.ended(d.last().second(), d.target(), d.last().lag(), r, null);
        say(
            "drained to %s of the peak (lag %,d <= %,d of a peak of %,d) in %.1f s after the"
                + " resume: %s",
            pct(spec.drainRatio()),
            d.last().lag(),
            d.target(),
            d.peak(),
            d.last().second() - resumedAt,
            rateText);
        return null;
      }
      Double more = BacklogMath.projectedSeconds(d.last().lag(), d.target(), r.catchUpPerSec());
      String ko =
          text(
              "backlog not drained within %d s: %,d records (~%s) left, above the target of %,d"
                  + " (%s of a peak of %,d drained); %s; %s",
              spec.bounds().maxDrainSeconds(),
              d.last().lag(),
              mb(BacklogMath.bytes(d.last().lag(), spec.recordSize())),
              d.target(),
              pct(spec.drainRatio()),
              d.peak(),
              rateText,
              more == null
                  ? "the consumers are not catching up"
                  : text("about %.0f s more at that rate", more));
      counters.ended(null, d.target(), d.last().lag(), r, ko);
      return ko;
    } finally {
      if (replies != null) {
        replies.stop();
      }
    }
  }

  /** The reply reader during the catch-up, or null without a reply topic. */
  private ReplyReader replies(Session session, BacklogCounters counters, long sinceMillis) {
    if (spec.replyTopic() == null) {
      return null;
    }
    String request = spec.requestName() + " e2e catch-up";
    ReplyReader r =
        new ReplyReader(
            ConsumerFactory.of(components.connection(), "kafkaload-backlog-replies"),
            spec.replyTopic(),
            sinceMillis,
            (requestMillis, arrival) -> {
              counters.reply((arrival - requestMillis) * 1000);
              logResult(session, request, requestMillis, arrival, null);
            });
    r.start();
    return r;
  }

  private kafkaload.internal.client.RecordSender sender(boolean catchingUp) {
    return components.sender(
        components
            .ledger()
            .delivery()
            .requestAcks(BacklogLoad.sendName(spec.requestName(), catchingUp), true));
  }

  private void say(String format, Object... args) {
    Console.out("[kafkaload] backlog '" + spec.requestName() + "': " + text(format, args));
  }

  static String mb(long bytes) {
    return text("%.1f MB", bytes / 1048576.0);
  }

  private static String pct(double ratio) {
    return BigDecimal.valueOf(Math.round(ratio * 10_000), 2).stripTrailingZeros().toPlainString()
        + "%";
  }
}
