package kafkaload.internal.run;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Records serialized with a schema (or serializer), their times, and the registry's calls. */
public final class SchemaCounters {
  private final LongAdder serialized = new LongAdder();
  private final Recorder serializationMicros = new Recorder(3);

  /** HTTP calls made to the Schema Registry (one per schema per run when the caching works). */
  private final LongAdder registryCalls = new LongAdder();

  /** One record's serialization time, kept apart from the ack latency. */
  public void serialized(long nanos) {
    serialized.increment();
    serializationMicros.recordValue(Math.max(0, nanos / 1000));
  }

  public long serializedCount() {
    return serialized.sum();
  }

  public long registryCalls() {
    return registryCalls.sum();
  }

  /** The registry client's call counter; the schema layer below cannot name this class. */
  public LongAdder registryCallCounter() {
    return registryCalls;
  }

  /** Serialization times since the last call (once, at the end), in microseconds. */
  public Histogram serializationSinceLast() {
    return serializationMicros.getIntervalHistogram();
  }
}
