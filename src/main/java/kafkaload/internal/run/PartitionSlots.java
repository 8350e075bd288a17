package kafkaload.internal.run;

import java.util.Arrays;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * One topic's object per partition, made on first use, for counters written on every ack: a lookup
 * costs no lock and no allocation; the array grows (copied, under the lock) when a higher partition
 * appears.
 */
public final class PartitionSlots<T> {
  private final Supplier<T> make;
  private volatile Object[] byPartition = new Object[0];

  public PartitionSlots(Supplier<T> make) {
    this.make = make;
  }

  /** Partition {@code partition}'s object, made on first use. */
  @SuppressWarnings("unchecked")
  public T of(int partition) {
    Object[] a = byPartition;
    Object p = partition < a.length ? a[partition] : null;
    return p != null ? (T) p : create(partition);
  }

  @SuppressWarnings("unchecked")
  private synchronized T create(int partition) {
    Object[] a = byPartition;
    if (partition < a.length && a[partition] != null) {
      return (T) a[partition];
    }
    Object[] grown = Arrays.copyOf(a, Math.max(a.length, partition + 1));
    grown[partition] = make.get();
    byPartition = grown;
    return (T) grown[partition];
  }

  /** Each object made so far with its partition, in partition order. */
  @SuppressWarnings("unchecked")
  public void forEach(ObjIntConsumer<T> each) {
    Object[] a = byPartition;
    for (int p = 0; p < a.length; p++) {
      if (a[p] != null) {
        each.accept((T) a[p], p);
      }
    }
  }
}
