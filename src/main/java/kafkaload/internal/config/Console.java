package kafkaload.internal.config;

import java.util.Locale;

/**
 * The one console path of what a run prints for its user: standard output, or standard error for
 * warnings and errors; flushed at once, since a parent process or test reads it as it comes. A
 * {@code main} prints its own usage.
 */
public final class Console {
  private Console() {}

  /** One line on standard output. */
  public static void out(String line) {
    System.out.println(line);
    System.out.flush();
  }

  /** Formatted text on standard output, its line ends as the format gives them. */
  public static void outf(String format, Object... args) {
    System.out.printf(format, args);
    System.out.flush();
  }

  /**
   * {@code format} filled in Locale.ROOT, as the run's lines and verdicts print their figures
   * (1,234.5 on any machine).
   */
  public static String text(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** A stack trace on standard output (a child process telling its parent why it failed). */
  public static void outTrace(Throwable t) {
    t.printStackTrace(System.out);
    System.out.flush();
  }

  /** One line on standard error. */
  public static void err(String line) {
    System.err.println(line);
    System.err.flush();
  }

  /** Prints the configuration error among {@code failure}'s causes as one line, only once. */
  public static void configError(Throwable failure) {
    KafkaLoadConfigException e = configErrorIn(failure);
    if (e != null && e.firstReport()) {
      err("[kafkaload] ERROR: " + e.getMessage());
    }
  }

  /** Whether a configuration error among {@code failure}'s causes was printed as its line. */
  static boolean configErrorReported(Throwable failure) {
    KafkaLoadConfigException e = configErrorIn(failure);
    return e != null && e.reported();
  }

  private static KafkaLoadConfigException configErrorIn(Throwable failure) {
    Throwable t = failure;
    for (int depth = 0; t != null && depth < 20; depth++, t = t.getCause()) {
      if (t instanceof KafkaLoadConfigException e) {
        return e;
      }
    }
    return null;
  }

  /** What the JVM prints of an exception no handler took, as it prints it. */
  static void uncaught(Thread thread, Throwable e) {
    System.err.print("Exception in thread \"" + thread.getName() + "\" ");
    e.printStackTrace(System.err);
    System.err.flush();
  }
}
