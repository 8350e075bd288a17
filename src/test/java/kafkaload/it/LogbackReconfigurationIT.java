package kafkaload.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hosted run's end configures logback again while the fork's broker keeps logging: no record
 * below the test file's levels reaches the console meanwhile (BadInputIT once found a broker's
 * DEBUG record and its stack trace in a refused run's output).
 */
class LogbackReconfigurationIT {
  @Test
  void noDebugRecordOfAnotherThreadReachesTheConsoleWhileLogbackIsConfiguredAgain()
      throws Exception {
    Logger selector = LoggerFactory.getLogger("org.apache.kafka.common.network.Selector");
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong logged = new AtomicLong();
    Thread broker =
        new Thread(
            () -> {
              while (!stop.get()) {
                selector.debug("reconfiguration-it: disconnected");
                logged.incrementAndGet();
              }
            },
            "reconfiguration-it-logger");
    InProcessGatling.alone(
        () -> {
          PrintStream out = System.out;
          PrintStream console = new PrintStream(captured, true, StandardCharsets.UTF_8);
          System.setOut(console);
          broker.start();
          try {
            for (int i = 0; i < 200; i++) {
              InProcessGatling.reconfigureLogback(console);
            }
          } finally {
            stop.set(true);
            System.setOut(out);
          }
        });
    broker.join();
    assertTrue(logged.get() > 1000, "the other thread logged all along: " + logged.get());
    String console = captured.toString(StandardCharsets.UTF_8);
    assertEquals(
        0,
        console.lines().filter(l -> l.contains("reconfiguration-it: disconnected")).count(),
        console);
  }
}
