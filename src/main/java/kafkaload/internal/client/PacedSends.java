package kafkaload.internal.client;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Sends at a constant rate on a thread of their own until stopped: the load of a semantic that
 * produces beside Gatling's injection (a backlog, a churn), each send through the one send path
 * ({@link RecordSender}) by the caller's {@code sendOne}. Paced against the time since the start,
 * so a late wake-up catches up instead of drifting.
 */
public final class PacedSends {
  private final int ratePerSec;
  private final Runnable sendOne;
  private final Thread thread;
  private volatile boolean stopped;

  public PacedSends(String threadName, int ratePerSec, Runnable sendOne) {
    this.ratePerSec = ratePerSec;
    this.sendOne = sendOne;
    this.thread = Daemons.thread(threadName, this::run);
  }

  /** {@code size} random bytes: compression does not shrink them. */
  public static byte[] randomValue(int size) {
    byte[] value = new byte[size];
    ThreadLocalRandom.current().nextBytes(value);
    return value;
  }

  public void start() {
    thread.start();
  }

  /** Stops sending and waits up to 5 s for the thread; records in flight still report acks. */
  public void stop() {
    stopped = true;
    Daemons.join(thread, 5_000);
  }

  private void run() {
    long start = System.nanoTime();
    long sent = 0;
    while (!stopped) {
      long due = (long) ((System.nanoTime() - start) / 1e9 * ratePerSec);
      for (; sent < due && !stopped; sent++) {
        sendOne.run();
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        return;
      }
    }
  }
}
