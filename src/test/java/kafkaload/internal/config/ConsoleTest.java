package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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

  @Test
  void otherFailuresPrintNothing() {
    assertEquals("", stderrOf(() -> Console.configError(new IllegalStateException("no"))));
  }
}
