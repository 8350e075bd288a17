package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;

/** A configuration error is printed where it is reported, once; making one prints nothing. */
@Isolated
class ConsoleTest {
  private static String stderrOf(Runnable r) {
    PrintStream err = System.err;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
      r.run();
    } finally {
      System.setErr(err);
    }
    return buffer.toString(StandardCharsets.UTF_8);
  }

  @Test
  void makingAConfigErrorPrintsNothing() {
    assertEquals("", stderrOf(() -> new KafkaLoadConfigException("-Dusers=ten is wrong")));
  }

  @Test
  void aConfigErrorIsPrintedOnceHoweverManyPlacesReportIt() {
    KafkaLoadConfigException e = new KafkaLoadConfigException("-Dusers=ten is wrong");
    String nl = System.lineSeparator();
    assertEquals(
        "[kafkaload] ERROR: -Dusers=ten is wrong" + nl,
        stderrOf(
            () -> {
              Console.configError(new RuntimeException("wrapped", e));
              Console.configError(e);
            }));
  }

  @Test
  void gatlingLoggingTheFailureReportsTheConfigErrorInIt() {
    KafkaLoadConfigException e = new KafkaLoadConfigException("Topic 'x' does not exist");
    String printed =
        stderrOf(
            () ->
                LoggerFactory.getLogger("io.gatling.app.Gatling$")
                    .error("Failed to build the scenario(s)", new IllegalStateException(e)));
    assertEquals(
        1, printed.split("\\[kafkaload\\] ERROR: Topic 'x' does not exist", -1).length - 1);
    assertEquals("", stderrOf(() -> Console.configError(e)), "reported already");
  }

  /** What Gatling's logger wrote (its appenders) while {@code log} ran. */
  private static List<ILoggingEvent> gatlingLogOf(Consumer<org.slf4j.Logger> log) {
    Logger gatling = (Logger) LoggerFactory.getLogger("io.gatling.app.Gatling$");
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    gatling.addAppender(appender);
    try {
      stderrOf(() -> log.accept(gatling));
    } finally {
      gatling.detachAppender(appender);
    }
    return appender.list;
  }

  @Test
  void gatlingsStackTraceOfAConfigErrorIsLeftOutUnlessDebugIsOn() {
    Throwable failure = new IllegalStateException(new KafkaLoadConfigException("Bad topic 'a/b'"));
    assertEquals(
        List.of(),
        gatlingLogOf(g -> g.error("Failed to build the scenario(s)", failure)),
        "the error's line says it all");
    System.setProperty(ParamSnapshot.DEBUG, "true");
    try {
      Throwable again = new IllegalStateException(new KafkaLoadConfigException("Bad topic 'c/d'"));
      List<ILoggingEvent> logged =
          gatlingLogOf(g -> g.error("Failed to build the scenario(s)", again));
      assertEquals(1, logged.size(), "-Dkafkaload.debug=true: Gatling's own log, stack trace too");
      assertTrue(logged.get(0).getThrowableProxy() != null);
    } finally {
      System.clearProperty(ParamSnapshot.DEBUG);
    }
    assertEquals(
        1,
        gatlingLogOf(g -> g.error("Run crashed", new IllegalStateException("a bug"))).size(),
        "any other failure keeps its stack trace");
  }

  @Test
  void aConfigErrorPrintedAsItsLinePrintsNoStackTraceUnlessDebugIsOn() {
    KafkaLoadConfigException e = new KafkaLoadConfigException("Bad topic 'e/f'");
    assertTrue(stderrOf(e::printStackTrace).contains("\tat "), "not reported yet: its trace");
    String nl = System.lineSeparator();
    assertEquals("[kafkaload] ERROR: Bad topic 'e/f'" + nl, stderrOf(() -> Console.configError(e)));
    // What Gatling's Maven plugin does with what main threw (ForkMain): nothing more.
    assertEquals("", stderrOf(e::printStackTrace));
    System.setProperty(ParamSnapshot.DEBUG, "true");
    try {
      assertTrue(stderrOf(e::printStackTrace).contains("\tat "), "-Dkafkaload.debug=true");
    } finally {
      System.clearProperty(ParamSnapshot.DEBUG);
    }
  }

  @Test
  void otherFailuresPrintNothing() {
    assertEquals("", stderrOf(() -> Console.configError(new IllegalStateException("no"))));
  }
}
