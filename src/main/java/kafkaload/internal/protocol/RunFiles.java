package kafkaload.internal.protocol;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The runs of this JVM whose files are not written yet; none is kept once written. */
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

  /** Writes every ended run's files once and lets go of it (a launcher needs them before exit). */
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
