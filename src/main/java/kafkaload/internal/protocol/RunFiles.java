package kafkaload.internal.protocol;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The runs of this JVM whose files (kafka-summary.json, kafka.html) are not written yet; each
 * leaves once they are, so a long-lived JVM holds no finished run.
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
   * Writes the files of every ended run (each once) and lets go of them: an injector launcher
   * records completeness before exit. A run not ended stays.
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
