package kafkaload.internal.client;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The run's own threads are daemons: none of them keeps the JVM alive once Gatling's run is over (a
 * verdict still judging, a reader still polling).
 */
public final class Daemons {
  private Daemons() {}

  /** A daemon thread named {@code name}, not started. */
  public static Thread thread(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    return t;
  }

  /** A scheduler on one daemon thread of this name: a sampler must not keep the JVM alive. */
  public static ScheduledExecutorService timer(String name) {
    return Executors.newSingleThreadScheduledExecutor(r -> thread(name, r));
  }

  /** Waits up to {@code millis} for {@code thread} to end; an interrupt is kept for the caller. */
  public static void join(Thread thread, long millis) {
    try {
      thread.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs {@code body} on a daemon thread of its own, off Gatling's event loop. */
  public static void start(String name, Runnable body) {
    thread(name, body).start();
  }
}
