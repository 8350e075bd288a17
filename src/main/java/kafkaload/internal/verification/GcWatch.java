package kafkaload.internal.verification;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/** The JVM's collections, from notifications: pauses (total, longest) and heap after the latest. */
final class GcWatch implements AutoCloseable {
  private final DoubleAdder pauseMs = new DoubleAdder();
  private final LongAccumulator maxPauseMs = new LongAccumulator(Math::max, 0);
  private final List<Runnable> unregister = new ArrayList<>();
  private final Set<String> heapPools =
      ManagementFactory.getMemoryPoolMXBeans().stream()
          .filter(pool -> pool.getType() == MemoryType.HEAP)
          .map(MemoryPoolMXBean::getName)
          .collect(Collectors.toSet());

  /** Heap after the latest collection, MB: its floor is the live set, which heapUsedMb hides. */
  private volatile double heapAfterGcMb = Double.NaN;

  /** Listens to every collector that notifies, until {@link #close()}. */
  void listen() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (!(gc instanceof NotificationEmitter)) {
        continue;
      }
      NotificationListener l =
          (n, handback) -> {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                n.getType())) {
              return;
            }
            GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            heapAfterGcMb = heapMb(info.getGcInfo().getMemoryUsageAfterGc());
            // Concurrent cycles run beside the application; only stop-the-world collections pause
            // it.
            if (info.getGcName().contains("Concurrent")
                || info.getGcAction().contains("concurrent")) {
              return;
            }
            long ms = info.getGcInfo().getDuration();
            pauseMs.add(ms);
            maxPauseMs.accumulate(ms);
          };
      ((NotificationEmitter) gc).addNotificationListener(l, null, null);
      unregister.add(
          () -> {
            try {
              ((NotificationEmitter) gc).removeNotificationListener(l);
            } catch (Exception ignored) {
              // already gone
            }
          });
    }
  }

  /** The stop-the-world pauses so far, ms. */
  double pauseMsTotal() {
    return pauseMs.sum();
  }

  /** The longest pause since the last call, ms. */
  long maxPauseMsThenReset() {
    return maxPauseMs.getThenReset();
  }

  double heapAfterGcMb() {
    return heapAfterGcMb;
  }

  /** The heap pools' total of a collection's after-GC usage, from the notification. */
  private double heapMb(Map<String, MemoryUsage> afterGc) {
    return afterGc.entrySet().stream()
            .filter(e -> heapPools.contains(e.getKey()))
            .mapToLong(e -> e.getValue().getUsed())
            .sum()
        / 1_048_576.0;
  }

  @Override
  public void close() {
    unregister.forEach(Runnable::run);
  }
}
