package kafkaload.internal.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.Scanner;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node KRaft broker (broker + controller) of real Kafka server code in this JVM; its data
 * directory, under java.io.tmpdir/kafkaload-embedded, goes on stop, or at the next start after a
 * kill.
 */
public final class EmbeddedKafka implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
  private static final Path ROOT =
      Paths.get(System.getProperty("java.io.tmpdir"), "kafkaload-embedded");

  /** Brokers running in this JVM, whose CPU the reports' process CPU includes. JVM-wide. */
  private static final AtomicInteger RUNNING = new AtomicInteger();

  private final KafkaRaftServer server;
  private final Path dataDir;
  private final String bootstrapServers;
  private final Thread shutdownHook;
  private volatile boolean stopped;

  private EmbeddedKafka(KafkaRaftServer server, Path dataDir, String bootstrapServers) {
    this.server = server;
    this.dataDir = dataDir;
    this.bootstrapServers = bootstrapServers;
    this.shutdownHook = new Thread(this::stopQuietly, "embedded-kafka-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    RUNNING.incrementAndGet();
  }

  /** Whether a broker runs in this JVM now (the shared one or any other). */
  public static boolean runningInThisJvm() {
    return RUNNING.get() > 0;
  }

  /** The run's broker: started on first use, stopped at its end, so the next run starts fresh. */
  private static EmbeddedKafka shared;

  /** The broker the simulation and the run's protocols share; started on first use. */
  public static synchronized EmbeddedKafka shared() {
    if (shared == null || shared.stopped) {
      shared = start(new Properties());
    }
    return shared;
  }

  /** Stops the shared broker, if one was started. */
  public static synchronized void stopShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  /**
   * A start property, not a broker setting: the share.version level the log directory is formatted
   * with ("0": no share groups, as Kafka before 4.2). Unset: Kafka's default.
   */
  public static final String SHARE_VERSION = "kafkaload.share.version";

  /**
   * Formats a fresh log directory and starts the broker with these properties over the defaults
   * ({@link #SHARE_VERSION} sets share.version); returns once it accepts clients.
   */
  public static EmbeddedKafka start(Properties overrides) {
    long t0 = System.nanoTime();
    removeStaleDirectories();
    try {
      Path dataDir = newDataDir("");
      int brokerPort = freePort();
      int controllerPort = freePort();
      String voters = "1@127.0.0.1:" + controllerPort;
      Properties p = nodeProperties(1, "127.0.0.1", brokerPort, controllerPort, voters, dataDir, 1);
      p.putAll(overrides);
      Object share = p.remove(SHARE_VERSION);
      KafkaConfig config = KafkaConfig.fromProps(p, false);
      Short shareVersion = share == null ? null : Short.valueOf(share.toString());
      format(Uuid.randomUuid().toString(), 1, dataDir, shareVersion);
      KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
      server.startup();
      String bootstrap = "127.0.0.1:" + brokerPort;
      EmbeddedKafka kafka = new EmbeddedKafka(server, dataDir, bootstrap);
      LOG.info(
          "Embedded KRaft broker ready at {} in {} ms (data in {})",
          bootstrap,
          (System.nanoTime() - t0) / 1_000_000,
          dataDir);
      return kafka;
    } catch (Exception e) {
      throw new IllegalStateException("The embedded Kafka broker did not start: " + e, e);
    }
  }

  /** A fresh directory under the embedded root, named by pid so a later start sees it is stale. */
  static Path newDataDir(String kind) throws IOException {
    Files.createDirectories(ROOT);
    return Files.createTempDirectory(ROOT, ProcessHandle.current().pid() + "-" + kind);
  }

  /**
   * One broker + controller node of a {@code clusterSize}-node cluster with static quorum {@code
   * voters} ("1@127.0.0.1:port,..."), its listeners on {@code host} (a network namespace's address
   * in one); internal topics replicated on every node (up to 3), so consumer groups survive a
   * node's death.
   */
  static Properties nodeProperties(
      int nodeId,
      String host,
      int brokerPort,
      int controllerPort,
      String voters,
      Path dataDir,
      int clusterSize) {
    String internalReplication = String.valueOf(Math.min(3, clusterSize));
    String internalMinIsr = String.valueOf(Math.min(2, clusterSize));
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", String.valueOf(nodeId));
    p.put("controller.quorum.voters", voters);
    String plaintext = "PLAINTEXT://" + host + ":" + brokerPort;
    p.put("listeners", plaintext + ",CONTROLLER://" + host + ":" + controllerPort);
    p.put("advertised.listeners", plaintext);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("inter.broker.listener.name", "PLAINTEXT");
    p.put("log.dirs", dataDir.toString());
    // A load tool must see the partition count it asked for: never let a send create a topic.
    p.put("auto.create.topics.enable", "false");
    p.put("num.partitions", "1");
    p.put("offsets.topic.replication.factor", internalReplication);
    p.put("offsets.topic.num.partitions", "4");
    p.put("transaction.state.log.replication.factor", internalReplication);
    p.put("transaction.state.log.min.isr", internalMinIsr);
    // Its default 50 partitions make the first initTransactions of a run wait seconds.
    p.put("transaction.state.log.num.partitions", "4");
    p.put("share.coordinator.state.topic.replication.factor", internalReplication);
    p.put("share.coordinator.state.topic.min.isr", internalMinIsr);
    // Share groups (KIP-932) are on through the share.version feature, which Kafka 4.4 formats at
    // level 2; the rebalance protocols need not name "share". Kafka refuses a group's
    // share.record.lock.duration.ms below 15 s unless the broker allows it: a load test wants
    // locks that expire within a short run.
    p.put("group.share.min.record.lock.duration.ms", "1000");
    // A fresh broker makes its share-group state topic on the first share consumer: 50
    // partitions by default, seconds on a busy machine; and a member learns its assignment at
    // its next heartbeat (5 s by default). Both delay a short run's first delivery.
    p.put("share.coordinator.state.topic.num.partitions", "3");
    p.put("group.share.min.heartbeat.interval.ms", "500");
    p.put("group.share.heartbeat.interval.ms", "1000");
    p.put("group.share.initialize.retry.interval.ms", "1000");
    p.put("group.initial.rebalance.delay.ms", "0");
    p.put("log.flush.interval.messages", String.valueOf(Long.MAX_VALUE));
    // The log cleaner's dedupe map is one heap array of 128 MiB by default, in the injector's own
    // heap when the broker is embedded; the few compacted internal topics of a run need far less.
    p.put("log.cleaner.dedupe.buffer.size", String.valueOf(16 * 1024 * 1024));
    p.put("num.network.threads", "2");
    p.put("num.io.threads", "4");
    return p;
  }

  /**
   * Formats a node's log directory for the cluster id (what kafka-storage.sh format does), with the
   * share.version feature at {@code shareVersion} unless null.
   */
  static void format(String clusterId, int nodeId, Path dataDir, Short shareVersion)
      throws Exception {
    Formatter f = new Formatter();
    if (shareVersion != null) {
      f.setFeatureLevel("share.version", shareVersion);
    }
    f.setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
        .setClusterId(clusterId)
        .setNodeId(nodeId)
        .setDirectories(List.of(dataDir.toString()))
        .setMetadataLogDirectory(dataDir.toString())
        .setControllerListenerName("CONTROLLER")
        .setReleaseVersion(MetadataVersion.latestProduction())
        .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
        .run();
  }

  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** The broker's log.dirs (one directory), deleted on close. */
  public Path dataDir() {
    return dataDir;
  }

  @Override
  public void close() {
    stopQuietly();
    removeShutdownHook(shutdownHook);
  }

  /** Removes the hook, unless the JVM is already running it. */
  static void removeShutdownHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // the hook is running or has run; nothing to remove
    }
  }

  private synchronized void stopQuietly() {
    if (stopped) {
      return;
    }
    stopped = true;
    RUNNING.decrementAndGet();
    try {
      server.shutdown();
      server.awaitShutdown();
    } catch (RuntimeException e) {
      LOG.warn("Embedded broker shutdown: {}", e.toString());
    }
    deleteRecursively(dataDir);
  }

  /** Deletes data directories whose owning JVM (the pid prefix of the name) is gone. */
  static void removeStaleDirectories() {
    if (!Files.isDirectory(ROOT)) {
      return;
    }
    try (Stream<Path> dirs = Files.list(ROOT)) {
      dirs.filter(EmbeddedKafka::stale).forEach(EmbeddedKafka::deleteRecursively);
    } catch (IOException e) {
      LOG.warn("Could not scan {} for stale broker directories: {}", ROOT, e.toString());
    }
  }

  /** Named by a pid (its prefix) whose process is gone; a name without one is not ours. */
  private static boolean stale(Path dir) {
    String name = dir.getFileName().toString();
    int dash = name.indexOf('-');
    try {
      long pid = Long.parseLong(dash > 0 ? name.substring(0, dash) : name);
      return !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException notOurs) {
      return false;
    }
  }

  public static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (NoSuchFileException | UncheckedIOException gone) {
      // Another process (the directory's own broker at its exit, or a second cleaner) deleted it
      // during the walk: what was to be removed is gone.
    } catch (IOException e) {
      LOG.warn("Could not delete {}: {}", dir, e.toString());
    }
  }

  /**
   * The ports this JVM handed out. A probe frees its port at once, so without this a cluster's six
   * picks could return one port twice, and the second node to bind it fails ("Address already in
   * use": ClusterIT, CI 2026-12-05). A JVM starts few brokers, so the set stays small.
   */
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  /**
   * A port free now, for a listener bound a moment later, taken below the ephemeral range: a port
   * the kernel hands out could go to a client's outgoing connection before the broker binds it.
   * Never one this JVM handed out before. Falls back to the ephemeral range.
   */
  public static int freePort() throws IOException {
    int low = ephemeralLow();
    for (int attempt = 0; attempt < 50 && low > 11_000; attempt++) {
      int port = 10_000 + ThreadLocalRandom.current().nextInt(low - 11_000);
      if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
        return port;
      }
    }
    for (int attempt = 0; attempt < 50; attempt++) {
      try (ServerSocket s = new ServerSocket(0)) {
        s.setReuseAddress(true);
        if (HANDED_OUT.add(s.getLocalPort())) {
          return s.getLocalPort();
        }
      }
    }
    throw new IOException("no free port found for an embedded broker in 100 tries");
  }

  private static boolean bindable(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress("127.0.0.1", port));
      return true;
    } catch (IOException taken) {
      return false; // another listener has it
    }
  }

  /** The first port of Linux's ephemeral range; 0 where the kernel does not say. */
  private static int ephemeralLow() {
    try (Scanner range = new Scanner(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
      return range.nextInt();
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
