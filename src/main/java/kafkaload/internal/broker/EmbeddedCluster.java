package kafkaload.internal.broker;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A KRaft cluster of N broker + controller nodes, each a child JVM of real Kafka server code
 * ({@link BrokerNodeMain}), static quorum on loopback ports. Child processes, because a node must
 * be killable and restartable without taking the load generator down (Kafka's fault handler halts
 * its JVM).
 *
 * <p>Nodes start in parallel and die with this JVM; data directories go on close (or the next start
 * after a kill); each node logs to {@code target/embedded-cluster/<dir>/node-<id>.log}, never the
 * console. For a fault plan that cuts or throttles links, each node runs in a network namespace of
 * its own ({@link BrokerNetwork}), removed on close too.
 */
public final class EmbeddedCluster implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  private final Path dir;
  private final String clusterId = Uuid.randomUuid().toString();
  private final List<Node> nodes = new ArrayList<>();

  /** Each node's current process, by its id; null before its first start. */
  private final Process[] processes;

  private final String bootstrap;
  private final Path logbackConfig;
  private final Thread shutdownHook;
  private final BrokerNetwork network;
  private volatile boolean closed;

  /** One node: its ports and directory stay the same across restarts; its process changes. */
  private record Node(int id, Path properties, Path log) {}

  private EmbeddedCluster(int size, BrokerNetwork network) throws IOException {
    this.network = network;
    this.processes = new Process[size + 1];
    EmbeddedKafka.removeStaleDirectories();
    dir = EmbeddedKafka.newDataDir("cluster-");
    Path target = Paths.get("target");
    Path logs =
        Files.isDirectory(target)
            ? target.resolve("embedded-cluster").resolve(dir.getFileName())
            : dir;
    Files.createDirectories(logs);
    int[] controllerPorts = new int[size + 1];
    String[] hosts = new String[size + 1];
    List<String> voters = new ArrayList<>();
    for (int id = 1; id <= size; id++) {
      // In a namespace of its own, a node has the ports to itself.
      hosts[id] = network == null ? "127.0.0.1" : network.address(id);
      controllerPorts[id] = network == null ? EmbeddedKafka.freePort() : 9093;
      voters.add(id + "@" + hosts[id] + ":" + controllerPorts[id]);
    }
    List<String> servers = new ArrayList<>();
    for (int id = 1; id <= size; id++) {
      int port = network == null ? EmbeddedKafka.freePort() : 9092;
      Path data = Files.createDirectories(dir.resolve("node-" + id));
      Properties p =
          EmbeddedKafka.nodeProperties(
              id, hosts[id], port, controllerPorts[id], String.join(",", voters), data, size);
      // A killed node is noticed within about 3 s, so leadership moves quickly during a fault.
      p.put("broker.session.timeout.ms", "3000");
      p.put("broker.heartbeat.interval.ms", "500");
      p.put("default.replication.factor", String.valueOf(Math.min(3, size)));
      Path file = dir.resolve("node-" + id + ".properties");
      try (OutputStream out = Files.newOutputStream(file)) {
        p.store(out, "embedded cluster node " + id);
      }
      nodes.add(new Node(id, file, logs.resolve("node-" + id + ".log")));
      servers.add(hosts[id] + ":" + port);
    }
    bootstrap = String.join(",", servers);
    logbackConfig = dir.resolve("logback-node.xml");
    Files.writeString(
        logbackConfig,
        """
        <configuration>
          <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
            <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n</pattern></encoder>
          </appender>
          <logger name="org.apache.kafka.clients.NetworkClient" level="ERROR"/>
          <root level="WARN"><appender-ref ref="OUT"/></root>
        </configuration>
        """);
    shutdownHook = new Thread(this::destroy, "embedded-cluster-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** The current run's cluster: started on first use, stopped at the run's end (KafkaRun). */
  private static EmbeddedCluster shared;

  /** The next shared cluster runs its nodes in network namespaces (a plan cuts or slows links). */
  private static boolean sharedInNamespaces;

  /**
   * Before any load: a plan that cuts or throttles links has the shared cluster start in network
   * namespaces, or is refused when this machine cannot make them or the cluster already runs.
   */
  public static synchronized void prepareFor(FaultPlan plan) {
    if (!plan.needsNetwork()) {
      return;
    }
    plan.check(Integer.MAX_VALUE, 0);
    if (shared != null && !shared.closed && shared.network == null) {
      throw refused(
          "-Dfault.plan %s needs the embedded brokers in network namespaces, but they were started"
              + " without: declare the faults before the protocol starts the brokers",
          plan);
    }
    sharedInNamespaces = true;
  }

  /** The cluster the simulation and the run's protocols share; started on first use. */
  public static synchronized EmbeddedCluster shared(int size) {
    if (shared != null && !shared.closed && shared.size() != size) {
      throw new IllegalStateException(
          "An embedded cluster of " + shared.size() + " brokers already runs; asked for " + size);
    }
    if (shared == null || shared.closed) {
      shared = start(size, sharedInNamespaces);
    }
    return shared;
  }

  /** Stops the shared cluster, if one was started. */
  public static synchronized void stopShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
    sharedInNamespaces = false;
  }

  /**
   * Starts {@code size} nodes in parallel and returns once every broker is registered and unfenced;
   * {@code namespaced}: each node in a network namespace of its own.
   */
  public static EmbeddedCluster start(int size, boolean namespaced) {
    if (size < 1) {
      throw new IllegalArgumentException(
          "an embedded cluster needs at least 1 broker, not " + size);
    }
    long t0 = System.nanoTime();
    EmbeddedCluster c;
    BrokerNetwork network = namespaced ? BrokerNetwork.create(size) : null;
    try {
      c = new EmbeddedCluster(size, network);
    } catch (IOException | RuntimeException e) {
      if (network != null) {
        network.close();
      }
      throw new IllegalStateException("Cannot prepare the embedded cluster: " + e, e);
    }
    try {
      c.nodes.forEach(c::spawn);
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      c.nodes.forEach(n -> c.awaitReady(n, deadline, START_TIMEOUT));
      Set<Integer> ids = c.nodes.stream().map(Node::id).collect(Collectors.toSet());
      c.awaitRegistered(ids, deadline, START_TIMEOUT);
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
    LOG.info(
        "Embedded KRaft cluster of {} broker(s) ready at {} in {} ms (logs in {})",
        size,
        c.bootstrap,
        (System.nanoTime() - t0) / 1_000_000,
        c.logs());
    return c;
  }

  public String bootstrapServers() {
    return bootstrap;
  }

  public int size() {
    return nodes.size();
  }

  /** Whether each node runs in a network namespace of its own (links can be cut or throttled). */
  public boolean namespaced() {
    return network != null;
  }

  /** The nodes' network namespaces, or null. */
  BrokerNetwork network() {
    return network;
  }

  /** The running node's process id. */
  synchronized long pid(int nodeId) {
    return running(nodeId).pid();
  }

  /** Kills the node's process with SIGKILL (no controlled shutdown); returns its pid. */
  public synchronized long kill(int nodeId) {
    Process p = running(nodeId);
    p.destroyForcibly();
    waitForExit(p, Duration.ofSeconds(10));
    return p.pid();
  }

  /** A controlled shutdown; killed (and false returned) if not exited within the timeout. */
  public synchronized boolean stop(int nodeId, Duration timeout) {
    Process p = running(nodeId);
    try {
      OutputStream in = p.getOutputStream();
      in.write((BrokerNodeMain.SHUTDOWN + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    } catch (IOException e) {
      // the process is already gone: waitForExit sees it
    }
    if (waitForExit(p, timeout)) {
      return true;
    }
    p.destroyForcibly();
    waitForExit(p, Duration.ofSeconds(10));
    return false;
  }

  /** Starts a stopped node again on its own log directory and ports; returns once registered. */
  public void restart(int nodeId, Duration timeout) {
    Node n;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the embedded cluster is closed");
      }
      n = node(nodeId);
      if (alive(n)) {
        throw new IllegalStateException("broker " + nodeId + " is already running");
      }
      spawn(n);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    awaitReady(n, deadline, timeout);
    awaitRegistered(Set.of(nodeId), deadline, timeout);
  }

  private Node node(int nodeId) {
    if (nodeId < 1 || nodeId > nodes.size()) {
      throw new IllegalArgumentException(
          "no broker %s in a cluster of %s (brokers are numbered 1..%s)"
              .formatted(nodeId, nodes.size(), nodes.size()));
    }
    return nodes.get(nodeId - 1);
  }

  /** The node's process, when it runs. */
  private Process running(int nodeId) {
    Node n = node(nodeId);
    if (closed || !alive(n)) {
      throw new IllegalStateException("broker " + nodeId + " is not running");
    }
    return processes[nodeId];
  }

  private boolean alive(Node n) {
    return processes[n.id()] != null && processes[n.id()].isAlive();
  }

  private void spawn(Node n) {
    // ip netns exec execs the JVM itself: the process, and its pid, are the node's.
    List<String> cmd = new ArrayList<>(network == null ? List.of() : network.exec(n.id()));
    cmd.addAll(
        List.of(
            Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xms64m",
            "-Xmx512m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Dlogback.configurationFile=" + logbackConfig,
            "-cp",
            System.getProperty("java.class.path"),
            BrokerNodeMain.class.getName(),
            n.properties().toString(),
            clusterId));
    try {
      Files.writeString(n.log(), "---- starting broker " + n.id() + " ----\n", CREATE, APPEND);
      processes[n.id()] =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(n.log().toFile()))
              .start();
    } catch (IOException e) {
      throw new IllegalStateException("Cannot start broker " + n.id() + ": " + e, e);
    }
  }

  /**
   * Waits for the node's READY line, written after its previous starts' output in the same log;
   * {@code timeout}: what the deadline was set from, for the message.
   */
  private void awaitReady(Node n, long deadlineNanos, Duration timeout) {
    String marker = "---- starting broker " + n.id() + " ----";
    while (System.nanoTime() < deadlineNanos) {
      String out = readLog(n);
      String last = out.substring(Math.max(0, out.lastIndexOf(marker)));
      if (last.contains("\n" + BrokerNodeMain.READY + "\n")) {
        return;
      }
      if (last.contains("\nFAILED: ") || !processes[n.id()].isAlive()) {
        String failed = last.substring(Math.max(0, last.indexOf("FAILED: "))).split("\n", 2)[0];
        throw new IllegalStateException(
            "Embedded broker %s did not start (see %s): %s".formatted(n.id(), n.log(), failed));
      }
      sleep(100);
    }
    throw new IllegalStateException(
        "Embedded broker %s was not ready within %s s (see %s)"
            .formatted(n.id(), timeout.toSeconds(), n.log()));
  }

  /** Waits until the controller lists every one of these brokers as registered and unfenced. */
  private void awaitRegistered(Set<Integer> ids, long deadlineNanos, Duration timeout) {
    try (Admin admin =
        Admin.create(
            Map.of(
                "bootstrap.servers",
                bootstrap,
                "request.timeout.ms",
                5000,
                "default.api.timeout.ms",
                5000))) {
      Set<Integer> seen = Set.of();
      while (System.nanoTime() < deadlineNanos) {
        try {
          seen =
              admin
                  .describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                  .nodes()
                  .get(6, TimeUnit.SECONDS)
                  .stream()
                  .map(node -> node.id())
                  .collect(Collectors.toSet());
          if (seen.containsAll(ids)) {
            return;
          }
        } catch (Exception notYet) {
          // the quorum may still be electing a leader
        }
        sleep(200);
      }
      throw new IllegalStateException(
          "Embedded brokers %s did not all register within %s s (registered: %s; logs in %s)"
              .formatted(ids, timeout.toSeconds(), seen, logs()));
    }
  }

  /** The directory of the nodes' logs. */
  private Path logs() {
    return nodes.get(0).log.getParent();
  }

  private static String readLog(Node n) {
    try {
      return Files.readString(n.log(), StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      return "";
    }
  }

  private static boolean waitForExit(Process p, Duration timeout) {
    try {
      return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !p.isAlive();
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the embedded cluster");
    }
  }

  /** Kills every node (their data is thrown away: a controlled shutdown only costs time). */
  @Override
  public void close() {
    destroy();
    EmbeddedKafka.removeShutdownHook(shutdownHook);
  }

  private synchronized void destroy() {
    if (closed) {
      return;
    }
    closed = true;
    // All killed first, then each waited for: the nodes die together.
    List<Process> started = Arrays.stream(processes).filter(Objects::nonNull).toList();
    started.forEach(Process::destroyForcibly);
    started.forEach(p -> waitForExit(p, Duration.ofSeconds(10)));
    EmbeddedKafka.deleteRecursively(dir);
    if (network != null) {
      network.close();
    }
  }
}
