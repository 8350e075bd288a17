package kafkaload.internal.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KnobNames;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.config.Secrets;

/**
 * -Ddry.run: once every check before the load has passed (Gatling has built every action, so each
 * action's own checks ran too), the resolved plan is printed and the run ends before the first
 * virtual user takes a step: the JVM exits 0 (Gatling has no way to end a run with success before
 * its injection), or, in a host that runs Gatling in its own JVM, the host ends it ({@link
 * DryRunEnd}).
 */
final class DryRun {
  private DryRun() {}

  /**
   * Prints the plan once per run ({@code ended}) and ends the run: the JVM's exit 0, or {@code
   * host}'s end; the calling user (and every later one) never goes on.
   */
  static void end(
      List<KafkaProtocol> protocols, Runnable stopBrokers, Runnable host, AtomicBoolean ended) {
    synchronized (ended) {
      if (ended.compareAndSet(false, true)) {
        plan(protocols).forEach(Console::out);
        Console.out("[kafkaload] dry run: every check passed, nothing sent; exit 0");
        if (host == null) {
          stopBrokers.run();
          // Not on this thread: System.exit waits for the shutdown hooks, which may need it.
          new Thread(() -> System.exit(0), "kafkaload-dry-run-exit").start();
        } else {
          // Gatling's end of the run, which the host brings, closes the run's clients and brokers.
          host.run();
        }
      }
    }
    if (host != null) {
      // Leaves the event loop free for Gatling's end: a parked user would keep it forever.
      throw DryRunEnd.UserStopped.INSTANCE;
    }
    while (true) {
      LockSupport.park(); // a user of a dry run never takes a step
    }
  }

  /** The plan's lines: target and topics per protocol, then every knob read, by section. */
  static List<String> plan(List<KafkaProtocol> protocols) {
    List<String> out = new ArrayList<>();
    out.add("[kafkaload] dry run: the plan");
    Map<String, String> read = new TreeMap<>();
    ParamSnapshot params = null;
    for (KafkaProtocol p : protocols) {
      out.add("[kafkaload]   target: " + p.targetBootstrap());
      Topics t = p.topics();
      if (t.topic() != null) {
        out.add("[kafkaload]   topics: " + String.join(", ", t.names()) + " " + describe(t.plan()));
      }
      read.putAll(p.run().parameters());
      params = p.run().snapshot();
    }
    out.addAll(knobs(read, params));
    return out;
  }

  private static String describe(TopicPlan plan) {
    return plan.create()
        ? "(created if missing: %s partition(s), replication factor %s)"
            .formatted(plan.partitions(), plan.replicationFactor())
        : "(must exist)";
  }

  /**
   * Every knob the run read, with its value and source, grouped as docs/parameters.md groups them
   * ("Load shape" is the injection profile, "Gates" the gates); the simulation's own knobs last.
   */
  static List<String> knobs(Map<String, String> read, ParamSnapshot params) {
    Map<String, String> sections = KnobNames.sections();
    // In the sections' order (a section met again keeps its place), the simulation's own last.
    Map<String, List<String>> bySection = new LinkedHashMap<>();
    sections.values().forEach(s -> bySection.put(s, new ArrayList<>()));
    bySection.put("The simulation's own", new ArrayList<>());
    Secrets.masked(read)
        .forEach(
            (name, value) -> {
              if (!name.equals(ParamSnapshot.SIMULATION)) {
                String source = params == null ? "?" : params.source(name);
                bySection
                    .get(sections.getOrDefault(name, "The simulation's own"))
                    .add(name + "=" + value + " (" + source + ")");
              }
            });
    List<String> out = new ArrayList<>();
    if (read.containsKey(ParamSnapshot.SIMULATION)) {
      out.add("[kafkaload]   simulation: " + read.get(ParamSnapshot.SIMULATION));
    }
    bySection.forEach(
        (section, knobs) -> {
          if (!knobs.isEmpty()) {
            out.add("[kafkaload]   " + section + ": " + String.join(", ", knobs));
          }
        });
    return out;
  }
}
