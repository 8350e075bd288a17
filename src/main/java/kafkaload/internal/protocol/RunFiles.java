package kafkaload.internal.protocol;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The files a run writes after Gatling (kafka-summary.json, kafka.html): the runs of this JVM whose
 * files are not written yet. Each leaves once they are (at the latest when the next run starts, or
 * at JVM exit), so a long-lived JVM holds no run it has finished with.
 */
public final class RunFiles {
  /** Cleared as the files are written: at most the runs since the last write. */
  private static final List<KafkaRun> PENDING = new CopyOnWriteArrayList<>();

  /** One hook for the JVM, holding no run: writes what is still pending at exit. */
  private static final Thread AT_EXIT = new Thread(RunFiles::writeNow, "kafkaload-reports");

  static {
    try {
      Runtime.getRuntime().addShutdownHook(AT_EXIT);
    } catch (IllegalStateException alreadyExiting) {
      // first used during JVM exit: nothing left to wait for
    }
  }

  private RunFiles() {}

  /** A run started: its files are written once it has ended, after Gatling's report. */
  static void pending(KafkaRun run) {
    PENDING.add(run);
  }

  /**
   * Writes the files of every run this JVM has ended (each once) and lets go of those runs: for an
   * injector launcher, which must record that they are complete before it exits, and for the next
   * run of the same JVM. A run not ended yet stays.
   */
  public static void writeNow() {
    for (KafkaRun run : PENDING) {
      if (run.writeReports()) {
        PENDING.remove(run);
      }
    }
  }

  /** How many runs wait for their files (tests). */
  static int pendingCount() {
    return PENDING.size();
  }
}
