package kafkaload.bench.matrix;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.bench.GatlingJvm;
import kafkaload.bench.matrix.MatrixGrid.Cell;
import kafkaload.bench.matrix.MatrixGrid.Dimension;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * The perf-test matrix as one command: one BaselineSimulation run per cell (a child JVM with the
 * cell's -D properties, warm-up included), against one broker for the whole sweep, then matrix.csv,
 * matrix.md and matrix.html.
 *
 * <pre>bench/matrix -Dmatrix.users=1,4 -Dmatrix.batch.size=16384,65536 -Dmatrix.preset=seed ...
 * </pre>
 */
public final class Matrix {
  static final String SIMULATION = "simulations.BaselineSimulation";

  private final MatrixGrid grid;
  private final Path out;

  public Matrix(MatrixGrid grid) {
    this.grid = grid;
    this.out = Paths.get(grid.outDir());
  }

  public static void main(String[] args) throws Exception {
    System.exit(execute(commandLineProperties()));
  }

  /**
   * Runs the sweep the properties describe; the exit code: 0, 1 when a cell failed, 2 on bad input
   * (nothing run).
   */
  static int execute(Map<String, String> props) throws IOException, InterruptedException {
    MatrixGrid grid;
    try {
      grid = MatrixGrid.parse(props);
    } catch (KafkaLoadConfigException e) {
      Console.configError(e); // its one-line message
      return 2;
    }
    List<CellResult> results = new Matrix(grid).run();
    return results.stream().anyMatch(r -> r.status().equals(CellResult.FAILED)) ? 1 : 0;
  }

  /** The -D properties given on this JVM's command line (not the JVM's own), in their order. */
  static Map<String, String> commandLineProperties() {
    Map<String, String> props = new LinkedHashMap<>();
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("-D") && arg.length() > 2) {
        int eq = arg.indexOf('=');
        String key = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
        if (!key.startsWith("java.") && !key.startsWith("gatling.") && !key.startsWith("jdk.")) {
          props.put(key, eq < 0 ? "" : arg.substring(eq + 1));
        }
      }
    }
    return props;
  }

  /** Runs every cell, writes the three outputs, and returns the cells' results in grid order. */
  public List<CellResult> run() throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    CellResult.preloadGatlingConfiguration();
    List<Cell> cells = grid.cells();
    deleteRecursively(out.resolve("cells"));
    Files.createDirectories(out);
    String external = grid.passThrough().get("kafka.bootstrap.servers");
    if (external == null || external.isBlank()) {
      external = System.getenv("KAFKA_BOOTSTRAP_SERVERS");
    }
    System.out.printf(
        "[matrix] %d cells (preset %s, warm-up %d s + %d s measured each) -> %s%n",
        cells.size(),
        grid.preset(),
        grid.warmupSeconds(),
        grid.durationSeconds(),
        out.toAbsolutePath());
    MatrixBroker broker = null;
    List<String> notes = new ArrayList<>();
    try {
      String bootstrap;
      if (external != null && !external.isBlank()) {
        bootstrap = external.trim();
        notes.add("cluster: " + bootstrap);
      } else {
        broker = startEmbedded();
        bootstrap = broker.bootstrap;
      }
      // A real cluster runs every cell: its topic creation says when it has too few brokers.
      int brokers = broker == null ? Integer.MAX_VALUE : nodeCount(bootstrap);
      if (broker != null) {
        notes.add(
            "embedded broker: " + brokers + " node(s), outside the cells' JVMs, on this machine");
      }
      long tooFew = cells.stream().filter(c -> c.replication() > brokers).count();
      if (tooFew > 0) {
        String msg =
            tooFewBrokers(grid.maxReplication(), brokers) + ": skipping " + tooFew + " cells";
        System.out.println("[matrix] " + msg);
        notes.add(msg);
      }
      List<CellResult> results = new ArrayList<>();
      String runStamp = Long.toString(System.currentTimeMillis(), 36);
      for (Cell c : cells) {
        CellResult r;
        if (c.invalidReason() != null) {
          r = CellResult.notRun(c, CellResult.SKIPPED, c.invalidReason());
        } else if (c.replication() > brokers) {
          r = CellResult.notRun(c, CellResult.SKIPPED, tooFewBrokers(c.replication(), brokers));
        } else {
          r = runCell(c, bootstrap, "matrix-" + runStamp + "-" + c.id());
        }
        results.add(r);
        System.out.printf(
            "[matrix] %s %d/%d %s: %s%n",
            c.id(), c.index(), cells.size(), c.label(grid.varying()), describe(r));
      }
      double minutes = (System.nanoTime() - t0) / 60e9;
      notes.add(String.format("sweep time %.1f min", minutes));
      MatrixReport report = new MatrixReport(grid, results, notes);
      report.writeAll(out);
      System.out.printf(
          "[matrix] done in %.1f min: %s, %s, %s%n",
          minutes,
          out.resolve("matrix.csv"),
          out.resolve("matrix.md"),
          out.resolve("matrix.html").toAbsolutePath());
      return results;
    } finally {
      if (broker != null) {
        broker.close();
      }
    }
  }

  /**
   * One broker for the sweep; a cluster of max(RF) brokers when the grid needs one and
   * EmbeddedKafkaMain offers it.
   */
  private MatrixBroker startEmbedded() throws IOException {
    StringBuilder why = new StringBuilder();
    int wanted = grid.maxReplication();
    if (wanted > 1) {
      MatrixBroker cluster = MatrixBroker.start(wanted, out.resolve("broker.log"), why);
      if (cluster != null) {
        return cluster;
      }
      System.out.println(
          "[matrix] the embedded broker could not start "
              + wanted
              + " nodes ("
              + why
              + "); starting a single node");
      why.setLength(0);
    }
    MatrixBroker single = MatrixBroker.start(1, out.resolve("broker.log"), why);
    if (single == null) {
      throw new IllegalStateException("the embedded broker did not start: " + why);
    }
    return single;
  }

  private static String tooFewBrokers(int replication, int brokers) {
    return "replication factor "
        + replication
        + " needs "
        + replication
        + " brokers; the embedded broker runs "
        + (brokers == 1 ? "a single node" : brokers + " nodes");
  }

  private Admin admin(String bootstrap) {
    Map<String, Object> props = new LinkedHashMap<>();
    String clientConfig = grid.passThrough().get(KafkaProtocolBuilder.CLIENT_CONFIG_PROPERTY);
    if (clientConfig != null) {
      KafkaProtocolBuilder.loadPropertiesFile(clientConfig)
          .forEach((k, v) -> props.put((String) k, v));
    }
    Properties p = new Connection(bootstrap, props, 30_000).properties();
    p.put("request.timeout.ms", "30000");
    return Admin.create(p);
  }

  private int nodeCount(String bootstrap) {
    try (Admin admin = admin(bootstrap)) {
      return admin.describeCluster().nodes().get(60, TimeUnit.SECONDS).size();
    } catch (Exception e) {
      throw new IllegalStateException("cannot describe the cluster at " + bootstrap + ": " + e, e);
    }
  }

  private CellResult runCell(Cell c, String bootstrap, String topic)
      throws IOException, InterruptedException {
    Path dir = out.resolve("cells").resolve(c.id());
    Files.createDirectories(dir);
    try (Admin admin = admin(bootstrap)) {
      admin
          .createTopics(
              List.of(
                  new NewTopic(
                      topic,
                      Integer.parseInt(c.get(Dimension.PARTITIONS)),
                      (short) c.replication())))
          .all()
          .get(60, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      return CellResult.notRun(
          c, CellResult.FAILED, "topic creation failed: " + cause.getMessage());
    }
    Process p =
        new ProcessBuilder(GatlingJvm.command(SIMULATION, cellProperties(c, bootstrap, topic), dir))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("gatling.log").toFile())
            .start();
    // Interrupting the sweep (Ctrl-C) ends the cell's JVM too; the broker ends with its closed
    // standard input.
    Thread stopCell = new Thread(p::destroy, "matrix-stop-cell");
    Runtime.getRuntime().addShutdownHook(stopCell);
    try {
      int bound = grid.warmupSeconds() + grid.durationSeconds() + 300;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(bound);
      if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        p.destroyForcibly().waitFor();
        return CellResult.notRun(c, CellResult.FAILED, "did not finish within " + bound + " s");
      }
      return CellResult.read(c, dir, grid.durationSeconds(), p.exitValue());
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stopCell);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: the cell is being stopped
      }
      // Each cell writes hundreds of MB; keep the disk for the next one.
      try (Admin admin = admin(bootstrap)) {
        admin.deleteTopics(List.of(topic)).all().get(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        System.out.println("[matrix] could not delete topic " + topic + ": " + e.getMessage());
      }
    }
  }

  /**
   * The cell's -D properties: measurement defaults (no latency or rate gate: the matrix measures,
   * it does not judge), then what the user passed, then the cell's own values, which always win.
   */
  Map<String, String> cellProperties(Cell c, String bootstrap, String topic) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("gate.p99Ms", "3600000");
    p.put("gate.maxErrorPct", "100");
    p.put("gate.minRps", "0");
    p.putAll(grid.passThrough());
    p.put("kafka.bootstrap.servers", bootstrap);
    p.put("topic", topic);
    p.put("topic.create", "false");
    p.put("warmup", String.valueOf(grid.warmupSeconds()));
    p.put("duration", String.valueOf(grid.durationSeconds()));
    for (Dimension d : Dimension.values()) {
      Map.Entry<String, String> e = d.simulationProperty(c.get(d));
      p.put(e.getKey(), e.getValue());
    }
    return p;
  }

  private static String describe(CellResult r) {
    if (!r.ran()) {
      return r.status() + ": " + r.reason();
    }
    return String.format(
        "%,.0f msg/s, %.2f MB/s, p50 %.0f ms, p99 %.0f ms, errors %.2f%%, CPU %.1f us/msg%s%s",
        r.msgPerSec(),
        r.mbPerSec(),
        r.p50Ms(),
        r.p99Ms(),
        r.errorPct(),
        r.cpuMicrosPerMsg(),
        r.saturated() ? " (injector saturated)" : "",
        r.status().equals(CellResult.OK) ? "" : " [" + r.status() + ": " + r.reason() + "]");
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
