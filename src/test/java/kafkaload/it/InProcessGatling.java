package kafkaload.it;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.spi.FilterReply;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import kafkaload.internal.config.HostEnvironment;
import kafkaload.internal.protocol.DryRunEnd;
import kafkaload.internal.protocol.RunFiles;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Runs a simulation inside the test's own JVM, as {@code io.gatling.app.Gatling} would in a new
 * one: the same arguments, the run's -D properties set for it alone, its console captured, the
 * Kafka files written as a JVM exit would write them. A child JVM costs about 6 CPU-s of start-up
 * and class loading per run on this machine (a 2 s baseline run: 7.1 s and 7.8 CPU-s in a child
 * JVM, 3.8 s and 2.1 CPU-s here); over the suite's runs that is most of its time.
 *
 * <p>System properties, {@code System.out} and Gatling's logback are JVM-wide, so the runs of one
 * test JVM take turns. A run's environment variables (its secrets) are given to it through {@link
 * HostEnvironment}. A run that needs what only a process gives (JVM options, the zero-setup
 * embedded broker, which a run stops at its end) runs in a child JVM: {@link #suits}. A dry run
 * (-Ddry.run=true) is hosted here: its exit 0 is replaced by this host's end of the run ({@link
 * DryRunEnd}), which interrupts the thread waiting in Gatling's runner, and reported as the exit
 * code 0 the JVM would have given.
 */
final class InProcessGatling {
  private InProcessGatling() {}

  /** One run at a time in this JVM. */
  private static final ReentrantLock TURN = new ReentrantLock(true);

  /** -Dkafkaload.it.childJvm=true runs every simulation in a child JVM, as before. */
  static final boolean DISABLED = Boolean.getBoolean("kafkaload.it.childJvm");

  /**
   * Whether a run can be hosted here: it names its cluster (a run with no bootstrap starts the
   * embedded broker of this JVM and stops it at its end), and it needs no process of its own. A dry
   * run of an embedded cluster is hosted too: the cluster's brokers are processes of their own, and
   * a refused plan stops before any starts (FaultPlanRefusalIT: five child JVMs, about 6 CPU-s
   * each, saved).
   */
  static boolean suits(String simulationClass, Map<String, String> props, List<String> jvm) {
    return !DISABLED
        // galaxio's port keeps the galaxio protocols a simulation built JVM-wide (BuiltProtocols)
        && !simulationClass.contains("Galaxio")
        && jvm.isEmpty()
        && (props.containsKey("kafka.embedded.brokers")
            ? "true".equals(props.get("dry.run"))
            : props.containsKey("kafka.bootstrap.servers"));
  }

  /** The Gatling run, its console in {@code log}; its exit code as the Gatling main would give. */
  static KafkaTestSupport.GatlingRun run(
      String simulationClass,
      Map<String, String> props,
      Map<String, String> env,
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
      HostEnvironment.hostedWith(env);
      // Gatling's configuration reads -D gatling.* through Typesafe Config, which caches them.
      com.typesafe.config.ConfigFactory.invalidateCaches();
      System.setOut(console);
      System.setErr(console);
      int[] code = {-1};
      AtomicBoolean dryRunEnded = new AtomicBoolean();
      Thread main =
          new Thread(
              () -> code[0] = gatling(simulationClass, resultsDir, console, dryRunEnded),
              // Gatling's own main thread's name, as its uncaught exception is printed.
              "main");
      main.setDaemon(true);
      // A dry run ends Gatling's run, not this JVM: Gatling's runner waits for the run's end in an
      // interruptible wait; interrupted, it closes the run's actors and event loops and throws.
      DryRunEnd.hostedBy(
          () -> {
            dryRunEnded.set(true);
            main.interrupt();
          });
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
      DryRunEnd.jvmExit();
      HostEnvironment.processOnly();
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
  private static int gatling(
      String simulationClass, Path resultsDir, PrintStream console, AtomicBoolean dryRunEnded) {
    int code;
    QuietDryRunEnd.listen(dryRunEnded);
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
      if (dryRunEnded.get()) {
        // The dry run's plan is printed and its run ended by this host: the JVM's exit 0.
        Thread.interrupted();
        code = 0;
      } else {
        // What the JVM does with an exception main throws: its thread group hands it to the
        // default handler, if one is set, or prints it; the exit code is 1.
        Thread.currentThread().getThreadGroup().uncaughtException(Thread.currentThread(), t);
        code = 1;
      }
    }
    // Gatling stops logback as it ends (flushLoggers); the next run and this JVM's broker log
    // again.
    reconfigureLogback(console);
    // What the JVM's exit hook writes (kafka-summary.json, kafka.html, ...), on this console.
    RunFiles.writeNow();
    return code;
  }

  /**
   * Configures logback again from the test's file, without a reset. A reset leaves every logger at
   * DEBUG for a moment, and a record of another thread that passed its level check then reached the
   * console attached after it: the fork's broker, logging all along, put DEBUG records on the next
   * run's console (13 in 200 reconfigurations of logback 1.6.4 alone; then, with a filter denying
   * records during the reset, 1 in a verify, in the moment between the reset's removal of that
   * filter and its listeners; LogbackReconfigurationIT). So the root goes OFF and the other loggers
   * inherit it before their appenders and turbo filters go, and the file then sets its levels and
   * appenders: no level is ever below the file's.
   */
  static void reconfigureLogback(PrintStream console) {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
      root.setLevel(Level.OFF);
      for (Logger logger : context.getLoggerList()) {
        if (logger != root) {
          logger.setLevel(null);
        }
        logger.detachAndStopAllAppenders();
      }
      // What the reset did besides: a run's turbo filters (QuietDryRunEnd, ConfigErrorReport) end
      // with it, whether or not Gatling stopped logback.
      context.resetTurboFilterList();
      try {
        new ContextInitializer(context).autoConfig();
      } catch (Exception e) {
        console.println("logback could not be configured again: " + e);
      }
    }
  }

  /** Runs {@code task} when no run is hosted in this JVM: it has the JVM-wide state to itself. */
  static void alone(Runnable task) throws InterruptedException {
    TURN.lockInterruptibly();
    try {
      task.run();
    } finally {
      TURN.unlock();
    }
  }

  /**
   * Drops the log lines of a hosted dry run's end, which a JVM's exit would not have printed:
   * Netty's warning for each user stopped at its start, and Gatling's "Run crashed" for the
   * interrupted wait of a dry run this host ended. Added for one run; logback's reset after it
   * removes it.
   */
  private static final class QuietDryRunEnd extends TurboFilter {
    private final AtomicBoolean dryRunEnded;

    private QuietDryRunEnd(AtomicBoolean dryRunEnded) {
      this.dryRunEnded = dryRunEnded;
    }

    static void listen(AtomicBoolean dryRunEnded) {
      if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
        QuietDryRunEnd filter = new QuietDryRunEnd(dryRunEnded);
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
      }
    }

    @Override
    public FilterReply decide(
        Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
      if (t instanceof DryRunEnd.UserStopped
          || (t instanceof InterruptedException
              && dryRunEnded.get()
              && logger.getName().startsWith("io.gatling."))) {
        return FilterReply.DENY;
      }
      return FilterReply.NEUTRAL;
    }
  }
}
