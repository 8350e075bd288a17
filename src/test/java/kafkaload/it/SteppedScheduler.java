package kafkaload.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler whose clock the test moves: a task scheduled {@code d} ms ahead runs when {@link
 * #advanceTo} reaches it, on the test's thread, never by wall time. It stands in for a timer, so a
 * test of a deadline holds however loaded the machine is. Only {@code schedule(Runnable, ...)} is
 * supported.
 */
final class SteppedScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  private record Task(long dueMs, Runnable run) {}

  private final List<Task> tasks = new ArrayList<>();
  private final List<Long> delaysMs = new ArrayList<>();
  private long nowMs;

  /** Each delay asked for, in ms, in order. */
  synchronized List<Long> delaysMs() {
    return List.copyOf(delaysMs);
  }

  /** Moves the clock to {@code ms} and runs every task due by then; returns how many ran. */
  int advanceTo(long ms) {
    List<Task> due = new ArrayList<>();
    synchronized (this) {
      nowMs = ms;
      tasks.removeIf(t -> t.dueMs() <= ms && due.add(t));
    }
    due.forEach(t -> t.run().run());
    return due.size();
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    long ms = unit.toMillis(delay);
    delaysMs.add(ms);
    tasks.add(new Task(nowMs + ms, command));
    return null; // TopicListener does not use it
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void execute(Runnable command) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return true;
  }
}
