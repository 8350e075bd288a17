package kafkaload.internal.report;

import io.gatling.commons.stats.assertion.Assertion;
import io.gatling.shared.model.assertion.AssertionMessage;
import io.gatling.shared.model.assertion.AssertionResult;
import java.io.PrintStream;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gatling's verdicts taken from the lines it prints ({@code "<assertion> : true (actual : 3.0)"}),
 * so the JUnit file and page need not parse simulation.log again. Gatling prints them with Scala's
 * {@code println} on its run's thread; {@link #listen()} is called when a run starts. A verdict not
 * found is judged from the log.
 */
public final class GatlingVerdicts {
  private static final Pattern RESOLVED = Pattern.compile("(true|false) \\(actual : (.*)\\)");
  private static final Pattern UNRESOLVED = Pattern.compile("false \\((.*)\\)");

  /** Only verdict-like lines are kept: the last run's, cleared when the next run starts. */
  private static final Queue<String> LINES = new ConcurrentLinkedQueue<>();

  /** JVM-wide, as Gatling's console is: whether this thread's console is already wrapped. */
  private static final ThreadLocal<Boolean> LISTENING = ThreadLocal.withInitial(() -> false);

  private GatlingVerdicts() {}

  /** Notes the verdict lines Gatling will print on this thread; each call starts a new run. */
  public static void listen() {
    LINES.clear();
    if (LISTENING.get()) {
      return;
    }
    LISTENING.set(true);
    PrintStream console = scala.Console$.MODULE$.out();
    scala.Console$.MODULE$.setOutDirect(
        new PrintStream(console, true) {
          @Override
          public void println(String line) {
            note(line);
            console.println(line);
          }

          @Override
          public void println(Object line) {
            note(String.valueOf(line));
            console.println(line);
          }
        });
  }

  static void note(String line) {
    if (line != null && (line.contains(" : true (actual : ") || line.contains(" : false ("))) {
      LINES.add(line);
    }
  }

  /** Gatling's verdict on this assertion as it printed it, or empty when it printed none. */
  public static Optional<AssertionResult> of(Assertion assertion) {
    String prefix = AssertionMessage.message(assertion) + " : ";
    for (String line : LINES) {
      if (!line.startsWith(prefix)) {
        continue;
      }
      String rest = line.substring(prefix.length());
      Matcher m = RESOLVED.matcher(rest);
      if (m.matches()) {
        try {
          return Optional.of(
              new AssertionResult.Resolved(
                  assertion, Boolean.parseBoolean(m.group(1)), Double.parseDouble(m.group(2))));
        } catch (NumberFormatException e) {
          return Optional.empty();
        }
      }
      m = UNRESOLVED.matcher(rest);
      if (m.matches()) {
        return Optional.of(new AssertionResult.ResolutionError(assertion, m.group(1)));
      }
    }
    return Optional.empty();
  }

  /** Forgets the lines noted (tests). */
  static void clear() {
    LINES.clear();
  }
}
