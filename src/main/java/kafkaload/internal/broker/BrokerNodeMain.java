package kafkaload.internal.broker;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafkaload.internal.config.Console;
import org.apache.kafka.common.utils.Time;

/**
 * One node of {@link EmbeddedCluster} in its own JVM: {@code BrokerNodeMain <node.properties>
 * <cluster id>}; formats its log directory on first start only, prints {@code READY}. Its standard
 * input is the parent's lifeline: {@code shutdown} stops it, end of input halts it, so a node never
 * outlives its parent.
 */
public final class BrokerNodeMain {
  static final String READY = "READY";
  static final String SHUTDOWN = "shutdown";

  private BrokerNodeMain() {}

  public static void main(String[] args) throws Exception {
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(Paths.get(args[0]))) {
      p.load(in);
    }
    Path dataDir = Paths.get(p.getProperty("log.dirs"));
    int nodeId = Integer.parseInt(p.getProperty("node.id"));
    if (!Files.exists(dataDir.resolve("meta.properties"))) {
      EmbeddedKafka.format(args[1], nodeId, dataDir, null);
    }
    Thread lifeline = new Thread(() -> watchParent(), "parent-lifeline");
    lifeline.setDaemon(true);
    lifeline.start();
    KafkaRaftServer server;
    try {
      server = new KafkaRaftServer(KafkaConfig.fromProps(p, false), Time.SYSTEM);
      server.startup();
    } catch (Throwable t) {
      Console.out("FAILED: " + t);
      Console.outTrace(t);
      Runtime.getRuntime().halt(1);
      return;
    }
    Console.out(READY);
    SHUTDOWN_REQUESTED.await();
    server.shutdown();
    server.awaitShutdown();
    Console.out("stopped");
    System.exit(0);
  }

  // JVM-wide: this process is one node, and lives as long as it.
  private static final CountDownLatch SHUTDOWN_REQUESTED = new CountDownLatch(1);

  private static void watchParent() {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      in.lines()
          .filter(line -> line.trim().equals(SHUTDOWN))
          .forEach(l -> SHUTDOWN_REQUESTED.countDown());
    } catch (Exception ignored) {
      // a broken pipe means the same as end of input
    }
    // The parent is gone: nobody will clean up after a graceful shutdown, and waiting for one could
    // hang.
    Runtime.getRuntime().halt(0);
  }
}
