package kafkaload.internal.broker;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Does and undoes the steps of a fault plan on an embedded cluster; each returns what it did in a
 * few words, or fails with why. Every wait is bounded: a restart by its timeout, a command by
 * {@link HostCommand#TIMEOUT}.
 */
public final class FaultInjector {
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  private final EmbeddedCluster cluster;

  /** The process each paused broker had when stopped: only that one is continued. */
  private final Map<Integer, Long> paused = new ConcurrentHashMap<>();

  /** Checks, before any load, that the plan fits the cluster. */
  public FaultInjector(EmbeddedCluster cluster, FaultPlan plan) {
    plan.check(cluster.size(), 0);
    if (plan.needsNetwork() && !cluster.namespaced()) {
      throw refused(
          "Broker faults (%s) cut or slow links, and the embedded brokers run without network"
              + " namespaces: declare the faults before the protocol starts the brokers"
              + " (brokerFaults(..) or -Dfault.plan in the simulation's constructor)",
          plan);
    }
    this.cluster = cluster;
  }

  /** Carries out the step (for a fault with a duration, its start). */
  public String apply(FaultPlan.Step step) {
    int b = step.broker();
    long t = System.nanoTime();
    return switch (step.action()) {
      case KILL -> "SIGKILL, pid " + cluster.kill(b);
      case STOP ->
          cluster.stop(b, STOP_TIMEOUT)
              ? String.format("controlled shutdown in %.1f s", (System.nanoTime() - t) / 1e9)
              : "no controlled shutdown within " + STOP_TIMEOUT.toSeconds() + " s: killed";
      case START -> {
        cluster.restart(b, START_TIMEOUT);
        yield String.format("registered again after %.1f s", (System.nanoTime() - t) / 1e9);
      }
      case PAUSE -> {
        long pid = cluster.pid(b);
        signal("-STOP", pid);
        paused.put(b, pid);
        yield "SIGSTOP, pid " + pid;
      }
      case ISOLATE -> network().cut(b);
      case ISOLATE_CLIENT -> network().cutClient(b);
      case ISOLATE_PEERS -> network().cutPeers(b);
      case SLOW -> network().throttle(b, step.rate());
    };
  }

  /** Undoes a fault with a duration. */
  public String undo(FaultPlan.Step step) {
    int b = step.broker();
    return switch (step.action()) {
      case PAUSE -> resume(b);
      case ISOLATE -> network().restore(b);
      case ISOLATE_CLIENT -> network().restoreClient(b);
      case ISOLATE_PEERS -> network().restorePeers(b);
      case SLOW -> network().unthrottle(b);
      default -> throw new IllegalArgumentException(step + " has nothing to undo");
    };
  }

  /** Continues broker b's process, only when it is still the one paused. */
  private String resume(int b) {
    Long pid = paused.remove(b);
    long now;
    try {
      now = cluster.pid(b);
    } catch (IllegalStateException gone) {
      throw new IllegalStateException(
          "broker " + b + "'s process " + pid + " is gone: nothing to continue");
    }
    if (pid == null || now != pid) {
      throw new IllegalStateException(
          "broker " + b + "'s process " + pid + " is gone (now " + now + "): not continued");
    }
    signal("-CONT", pid);
    return "SIGCONT, pid " + pid;
  }

  private BrokerNetwork network() {
    BrokerNetwork n = cluster.network();
    if (n == null) {
      throw new IllegalStateException("the embedded brokers run without network namespaces");
    }
    return n;
  }

  /** The JDK cannot send SIGSTOP or SIGCONT: the host's kill does. */
  private static void signal(String signal, long pid) {
    String kill = HostCommand.find("kill");
    if (kill == null) {
      throw new IllegalStateException("no kill command to send SIG" + signal.substring(1));
    }
    HostCommand.check(List.of(kill, signal, String.valueOf(pid)));
  }
}
