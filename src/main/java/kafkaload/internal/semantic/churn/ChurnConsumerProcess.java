package kafkaload.internal.semantic.churn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import kafkaload.internal.client.Daemons;

/**
 * A {@link ChurnConsumer} in a child JVM, started with the class path of this one, and what it
 * printed: its events, parsed as they come, and its other lines (the last ones, for a failure's
 * message). {@link #crash} kills it ({@link Process#destroyForcibly}: no leave, no commit), {@link
 * #close} closes it gracefully, {@link #stall} stops its polling. The child's life is bound to its
 * standard input: it closes when this JVM goes.
 */
public final class ChurnConsumerProcess implements AutoCloseable {
  private static final int KEPT_LINES = 200;

  private final ChurnConsumerSettings settings;
  private final Process process;
  private final OutputStream commands;
  private final List<ChurnEvent> events = new ArrayList<>();
  private final Deque<String> otherLines = new ArrayDeque<>();

  /** Its output was read to the end: no event comes any more. Guarded by this. */
  private boolean outputEnded;

  private ChurnConsumerProcess(ChurnConsumerSettings settings, Process process) {
    this.settings = settings;
    this.process = process;
    this.commands = process.getOutputStream();
    Daemons.start("churn-" + settings.name() + "-output", this::readLines);
  }

  /** Starts the consumer in a JVM of its own, with {@code jvmOptions} (heap, JIT). */
  public static ChurnConsumerProcess start(ChurnConsumerSettings settings, List<String> jvmOptions)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(ChurnConsumer.class.getName());
    cmd.addAll(settings.toArgs());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    return new ChurnConsumerProcess(settings, p);
  }

  public ChurnConsumerSettings settings() {
    return settings;
  }

  private void readLines() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        Optional<ChurnEvent> event;
        try {
          event = ChurnEvent.parse(line);
        } catch (RuntimeException e) {
          event = Optional.empty();
        }
        synchronized (this) {
          if (event.isPresent()) {
            events.add(event.get());
          } else {
            otherLines.addLast(line);
            if (otherLines.size() > KEPT_LINES) {
              otherLines.removeFirst();
            }
          }
          notifyAll();
        }
      }
    } catch (IOException e) {
      // the process went
    }
    synchronized (this) {
      outputEnded = true;
      notifyAll();
    }
  }

  /** Its events so far, in the order printed. */
  public synchronized List<ChurnEvent> events() {
    return List.copyOf(events);
  }

  /** Its last lines that were not events (Kafka's warnings, a stack trace). */
  public synchronized String otherOutput() {
    return String.join("\n", otherLines);
  }

  /**
   * The first event so far or within {@code timeout} that {@code test} accepts; empty when none
   * came in time or the process ended without one.
   */
  public synchronized Optional<ChurnEvent> await(Predicate<ChurnEvent> test, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    int seen = 0;
    while (true) {
      for (; seen < events.size(); seen++) {
        if (test.test(events.get(seen))) {
          return Optional.of(events.get(seen));
        }
      }
      long left = deadline - System.nanoTime();
      if (left <= 0 || outputEnded) {
        return Optional.empty();
      }
      wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
    }
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Stops its polling for {@code millis}. */
  public void stall(long millis) throws IOException {
    command("stall " + millis);
  }

  /**
   * Kills the process (no leave, no commit) and waits until it is gone; returns the time just
   * before the kill, epoch milliseconds.
   */
  public long crash() throws InterruptedException {
    long at = System.currentTimeMillis();
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
    return at;
  }

  /** Closes the consumer gracefully (it leaves the group); killed if it has not ended in 30 s. */
  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      try {
        command("close");
        commands.close();
      } catch (IOException e) {
        // it is going already
      }
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  private synchronized void command(String line) throws IOException {
    commands.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    commands.flush();
  }
}
