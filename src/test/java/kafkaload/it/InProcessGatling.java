package kafkaload.it;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import kafkaload.internal.protocol.RunFiles;
import org.slf4j.LoggerFactory;

/**
 * Runs a simulation inside the test's own JVM, as {@code io.gatling.app.Gatling} would in a new
 * one: the same arguments, the run's -D properties set for it alone, its console captured, the
 * Kafka files written as a JVM exit would write them. A child JVM costs about 6 CPU-s of start-up
 * and class loading per run on this machine (a 2 s baseline run: 7.1 s and 7.8 CPU-s in a child
 * JVM, 3.8 s and 2.1 CPU-s here); over the suite's runs that is most of its time.
 *
 * <p>System properties, {@code System.out} and Gatling's logback are JVM-wide, so the runs of one
 * test JVM take turns. A run that needs what only a process gives (environment variables, JVM
 * options, the zero-setup embedded broker, which a run stops at its end, an exit of its own) runs
 * in a child JVM: {@link #suits}.
 */
final class InProcessGatling {
  private InProcessGatling() {}

  /** One run at a time in this JVM. */
  private static final ReentrantLock TURN = new ReentrantLock(true);

  /** -Dkafkaload.it.childJvm=true runs every simulation in a child JVM, as before. */
  static final boolean DISABLED = Boolean.getBoolean("kafkaload.it.childJvm");

  /**
   * Whether a run can be hosted here: it names its cluster (a run with no bootstrap starts the
   * embedded broker of this JVM and stops it at its end), and it needs no process of its own.
   */
  static boolean suits(
      String simulationClass,
      Map<String, String> props,
      Map<String, String> env,
      List<String> jvm) {
    return !DISABLED
        // galaxio's port keeps the galaxio protocols a simulation built JVM-wide (BuiltProtocols)
        && !simulationClass.contains("Galaxio")
        && env.isEmpty()
        && jvm.isEmpty()
        && props.containsKey("kafka.bootstrap.servers")
        && !props.containsKey("kafka.embedded.brokers")
        && !"true".equals(props.get("dry.run"));
  }

  /** The Gatling run, its console in {@code log}; its exit code as the Gatling main would give. */
  static KafkaTestSupport.GatlingRun run(
      String simulationClass,
      Map<String, String> props,
      Path resultsDir,
      Path log,
      int timeoutSeconds)
      throws IOException, InterruptedException {
    // The wait for the turn is not the run's: each run before it is bounded by its own timeout.
    TURN.lockInterruptibly();
    RunTimes.turnTaken();
    Map<String, String> before = new HashMap<>();
    PrintStream out = System.out;
    PrintStream err = System.err;
    try (OutputStream file = Files.newOutputStream(log);
        PrintStream console = new PrintStream(file, true, StandardCharsets.UTF_8)) {
      props.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
      // Gatling's configuration reads -D gatling.* through Typesafe Config, which caches them.
      com.typesafe.config.ConfigFactory.invalidateCaches();
      System.setOut(console);
      System.setErr(console);
      int[] code = {-1};
      Thread main =
          new Thread(
              () -> code[0] = gatling(simulationClass, resultsDir, console),
              // Gatling's own main thread's name, as its uncaught exception is printed.
              "main");
      main.setDaemon(true);
      main.start();
      main.join(TimeUnit.SECONDS.toMillis(timeoutSeconds));
      if (main.isAlive()) {
        main.interrupt();
        throw new AssertionError(
            simulationClass + " did not finish within " + timeoutSeconds + " s; log: " + log);
      }
      console.flush();
      return new KafkaTestSupport.GatlingRun(
          code[0], Files.readString(log, StandardCharsets.UTF_8), ProcessHandle.current().pid());
    } finally {
      System.setOut(out);
      System.setErr(err);
      before.forEach(
          (k, v) -> {
            if (v == null) {
              System.clearProperty(k);
            } else {
              System.setProperty(k, v);
            }
          });
      TURN.unlock();
    }
  }

  /** What {@code Gatling.main} does short of exiting, then what the JVM's exit would do. */
  private static int gatling(String simulationClass, Path resultsDir, PrintStream console) {
    int code;
    try {
      String[] args = {"-s", simulationClass, "-rf", resultsDir.toAbsolutePath().toString()};
      // Gatling's console summary is Scala's println: scala.Console, not System.out.
      code =
          (Integer)
              scala.Console$.MODULE$.withOut(
                  console,
                  () ->
                      scala.Console$.MODULE$.withErr(
                          console, () -> io.gatling.app.Gatling$.MODULE$.fromArgs(args)));
    } catch (Throwable t) {
      // What the JVM does with an exception main throws: its thread group hands it to the default
      // handler, if one is set, or prints it; the exit code is 1.
      Thread.currentThread().getThreadGroup().uncaughtException(Thread.currentThread(), t);
      code = 1;
    }
    // Gatling stops logback as it ends (flushLoggers); the next run and this JVM's broker log
    // again.
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      context.reset();
      try {
        new ContextInitializer(context).autoConfig();
      } catch (Exception e) {
        console.println("logback could not be configured again: " + e);
      }
    }
    // What the JVM's exit hook writes (kafka-summary.json, kafka.html, ...), on this console.
    RunFiles.writeNow();
    return code;
  }
}
