package kafkaload.internal.semantic.share;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.verification.LagMonitor;
import org.apache.kafka.clients.admin.Admin;

/** A share group's lag, sampled each second from the admin API, read once more at the end. */
final class ShareLagSampler {
  private final String group;
  private final Admin admin;
  private final ScheduledExecutorService sampler;
  // The group's lag at the last sample; -1 until the group has share-partition state.
  private final AtomicLong lastLag = new AtomicLong(-1);

  /** Starts sampling; seconds count from {@code startNanos} (System.nanoTime). */
  ShareLagSampler(Connection connection, String group, ShareCounters counters, long startNanos) {
    this.group = group;
    this.admin = connection.admin();
    this.sampler = Daemons.timer("kafkaload-share-lag");
    sampler.scheduleAtFixedRate(() -> sample(counters, startNanos), 1, 1, TimeUnit.SECONDS);
  }

  private void sample(ShareCounters counters, long startNanos) {
    try {
      long lag = LagMonitor.shareLag(admin, group, 5_000);
      lastLag.set(lag);
      if (lag >= 0) {
        counters.lag((System.nanoTime() - startNanos) / 1e9, lag);
      }
    } catch (RuntimeException e) {
      // A missed sample leaves a gap in the chart; the verdict reads the lag again at the end.
    }
  }

  /** The lag at the last sample: 0 when drained, -1 while the group has no state yet. */
  long lastLag() {
    return lastLag.get();
  }

  /**
   * Stops sampling and reads the lag once more (the group's state is written a moment after the
   * last acknowledgement: read again for up to 5 s until 0); null when it could not be read.
   */
  Long stopAndReadEnd() {
    sampler.shutdownNow();
    try {
      long lag;
      long until = System.nanoTime() + 5_000_000_000L;
      do {
        lag = LagMonitor.shareLag(admin, group, 5_000);
        if (lag == 0) {
          break;
        }
        Thread.sleep(250);
      } while (System.nanoTime() < until);
      return lag < 0 ? null : lag;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (RuntimeException e) {
      return null;
    } finally {
      admin.close(Duration.ofSeconds(5));
    }
  }
}
