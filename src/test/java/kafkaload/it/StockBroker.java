package kafkaload.it;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafkaload.internal.broker.EmbeddedKafka;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Uuid;

/**
 * A stock Apache Kafka broker of one version, single-node KRaft, in a process of its own from that
 * version's Maven jars (kafka_2.13:&lt;v&gt; and its runtime dependencies in
 * target/compat/&lt;v&gt;/lib, fetched once as bench/compat.sh does): its storage formatted by
 * Kafka's StorageTool, then {@code kafka.Kafka}. Kafka's defaults, but for what one node needs
 * ({@link #SINGLE_NODE}). It dies with the test JVM (its standard input is the lifeline,
 * StockBrokerMain) or on close.
 */
final class StockBroker implements AutoCloseable {
  /**
   * The only settings: the node's roles, id, quorum and listeners, its log directory, and the
   * internal topics' replication on one node. Nothing else of the embedded broker's.
   */
  static final List<String> SINGLE_NODE =
      List.of(
          "process.roles",
          "node.id",
          "controller.quorum.voters",
          "listeners",
          "advertised.listeners",
          "controller.listener.names",
          "listener.security.protocol.map",
          "log.dirs",
          "offsets.topic.replication.factor",
          "transaction.state.log.replication.factor",
          "transaction.state.log.min.isr",
          "share.coordinator.state.topic.replication.factor",
          "share.coordinator.state.topic.min.isr");

  private final String version;
  private final Process process;
  private final Path dir;
  private final String bootstrap;
  private final Thread hook;

  private StockBroker(String version, Process process, Path dir, String bootstrap) {
    this.version = version;
    this.process = process;
    this.dir = dir;
    this.bootstrap = bootstrap;
    this.hook = new Thread(process::destroyForcibly, "stock-broker-" + version);
    Runtime.getRuntime().addShutdownHook(hook);
  }

  String bootstrap() {
    return bootstrap;
  }

  String version() {
    return version;
  }

  /** The broker's log (target/stock-broker/&lt;v&gt;/broker.log), for a failure's message. */
  Path log() {
    return dir.resolve("broker.log");
  }

  /** Kafka {@code version}'s jars (with a plain slf4j binding), fetched from Maven once. */
  static Path jars(String version) throws IOException, InterruptedException {
    Path dir = Paths.get("target", "compat", version).toAbsolutePath();
    Path lib = dir.resolve("lib");
    if (Files.exists(lib.resolve("kafka_2.13-" + version + ".jar"))) {
      return lib;
    }
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("pom.xml"),
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
          <groupId>kafkaload.compat</groupId><artifactId>broker-%1$s</artifactId><version>1</version>
          <packaging>pom</packaging>
          <dependencies>
            <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId>
              <version>%1$s</version></dependency>
            <!-- without a binding the broker's errors are silent -->
            <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId>
              <version>1.7.36</version></dependency>
          </dependencies>
        </project>
        """
            .formatted(version));
    Path log = dir.resolve("fetch.log");
    Process mvn =
        new ProcessBuilder(
                "mvn",
                "-q",
                "-B",
                "-f",
                dir.resolve("pom.xml").toString(),
                "dependency:copy-dependencies",
                "-DoutputDirectory=lib",
                "-DincludeScope=runtime")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!mvn.waitFor(600, TimeUnit.SECONDS) || mvn.exitValue() != 0) {
      mvn.destroyForcibly();
      throw new IllegalStateException(
          "Kafka " + version + "'s jars were not fetched: " + Files.readString(log));
    }
    return lib;
  }

  /** Formats a fresh log directory and starts the broker; returns once it describes its cluster. */
  static StockBroker start(String version) throws Exception {
    return start(version, false);
  }

  /**
   * As above; {@code shareStateDefaults}: the share-group state topic keeps Kafka's defaults
   * (replication factor 3, min.isr 2), which one node cannot meet: a new user's first broker.
   */
  static StockBroker start(String version, boolean shareStateDefaults) throws Exception {
    Path lib = jars(version);
    Path dir = Paths.get("target", "stock-broker", version).toAbsolutePath();
    deleteRecursively(dir);
    Files.createDirectories(dir);
    int port = EmbeddedKafka.freePort();
    int controllerPort = EmbeddedKafka.freePort();
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", "1");
    p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    p.put(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.put("log.dirs", dir.resolve("data").toString());
    p.put("offsets.topic.replication.factor", "1");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    // Brokers before 4.1 do not know these and log them as unused.
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    if (!p.stringPropertyNames().equals(new java.util.HashSet<>(SINGLE_NODE))) {
      throw new IllegalStateException("a stock broker sets only " + SINGLE_NODE);
    }
    if (shareStateDefaults) {
      p.remove("share.coordinator.state.topic.replication.factor");
      p.remove("share.coordinator.state.topic.min.isr");
    }
    if (!new java.util.HashSet<>(SINGLE_NODE).containsAll(p.stringPropertyNames())) {
      throw new IllegalStateException("a stock broker sets only " + SINGLE_NODE);
    }
    Path config = dir.resolve("server.properties");
    try (OutputStream out = Files.newOutputStream(config)) {
      p.store(out, "stock Kafka " + version + ": defaults, but for one node");
    }
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = lib + "/*";
    List<String> logger = List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    List<String> format = new ArrayList<>(List.of(java));
    format.addAll(logger);
    format.addAll(
        List.of(
            "-cp",
            classpath,
            "kafka.tools.StorageTool",
            "format",
            "-t",
            Uuid.randomUuid().toString(),
            "-c",
            config.toString()));
    Process f =
        new ProcessBuilder(format)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("format.log").toFile())
            .start();
    if (!f.waitFor(120, TimeUnit.SECONDS) || f.exitValue() != 0) {
      f.destroyForcibly();
      throw new IllegalStateException(
          "Kafka "
              + version
              + ": storage format failed: "
              + Files.readString(dir.resolve("format.log")));
    }
    // The lifeline class alone from this project's test classes; Kafka's own from its jars.
    Path lifeline =
        Paths.get(
            StockBrokerMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> command = new ArrayList<>(List.of(java, "-Xmx768m"));
    command.addAll(logger);
    command.addAll(
        List.of(
            "-cp",
            classpath + File.pathSeparator + lifeline,
            StockBrokerMain.class.getName(),
            "kafka.Kafka",
            config.toString()));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("broker.log").toFile())
            .start();
    StockBroker broker = new StockBroker(version, process, dir, "127.0.0.1:" + port);
    try {
      broker.awaitServing(Duration.ofSeconds(120));
    } catch (Exception | Error e) {
      broker.close();
      throw e;
    }
    return broker;
  }

  private void awaitServing(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception last = null;
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "Kafka " + version + " exited " + process.exitValue() + ": " + tail(log(), 20));
      }
      try (Admin admin =
          Admin.create(
              Map.of(
                  "bootstrap.servers", bootstrap,
                  "request.timeout.ms", "5000",
                  "default.api.timeout.ms", "10000"))) {
        admin.describeCluster().nodes().get(10, TimeUnit.SECONDS);
        return;
      } catch (Exception e) {
        last = e;
        Thread.sleep(500);
      }
    }
    throw new IllegalStateException(
        "Kafka "
            + version
            + " did not serve within "
            + timeout
            + ": "
            + last
            + "\n"
            + tail(log(), 20));
  }

  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no " + file + ")";
    }
  }

  @Override
  public void close() throws InterruptedException, IOException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs now
    }
    deleteRecursively(dir.resolve("data"));
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }
}
