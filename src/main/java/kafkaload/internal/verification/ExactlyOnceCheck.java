package kafkaload.internal.verification;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.results.ReconciliationResult.ExactlyOnce;
import kafkaload.internal.run.RunIdentity;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The exactly-once verdict of a pipeline carrying the run-identity headers through: each committed
 * input needs exactly one committed output. Reads the output read_committed from before the load
 * until every input has its output (within the timeout), then read_uncommitted to count aborted
 * outputs, which are no duplicates.
 */
public final class ExactlyOnceCheck {
  private static final int SAMPLE = 10;

  private ExactlyOnceCheck() {}

  /**
   * The output topic of a pipeline and its end offsets before the load (partition to offset).
   *
   * @param topic the output topic
   * @param before the end offsets taken before the load; a partition absent from it reads from 0
   */
  public record Output(String topic, Map<Integer, Long> before) {
    public Output {
      before = Map.copyOf(before);
    }
  }

  /** Judges {@code output} against the input sequence numbers found, within {@code timeout}. */
  public static ExactlyOnce run(
      Connection connection,
      byte[] runId,
      Roaring64Bitmap inputs,
      boolean inputsComplete,
      Output output,
      Duration timeout) {
    long t0 = System.nanoTime();
    long deadline = t0 + timeout.toNanos();
    // In partition order: the partitions as one reads them in an error.
    Map<TopicPartition, Long> from = new LinkedHashMap<>();
    long expected = inputs.getLongCardinality();
    Roaring64Bitmap found = new Roaring64Bitmap();
    long duplicates = 0;
    long unexpected = 0;
    Map<TopicPartition, Long> to = null;
    boolean complete = false;
    try (Admin admin = connection.admin()) {
      Map<Integer, Long> now =
          OffsetQueries.offsets(admin, output.topic(), connection.timeoutMs())
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "the output topic '" + output.topic() + "' does not exist any more"))
              .endOffsets();
      for (int p : now.keySet()) {
        from.put(new TopicPartition(output.topic(), p), output.before().getOrDefault(p, 0L));
      }
      try (KafkaConsumer<byte[], byte[]> consumer =
          reader(connection, IsolationLevel.READ_COMMITTED, timeout)) {
        consumer.assign(from.keySet());
        from.forEach(consumer::seek);
        while (!complete && System.nanoTime() < deadline) {
          for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
            TopicPartition tp = new TopicPartition(r.topic(), r.partition());
            long seq = RunIdentity.sequence(r.headers(), runId);
            if (seq < 0 || (to != null && r.offset() >= to.get(tp))) {
              continue;
            }
            if (!inputs.contains(seq)) {
              unexpected++;
            } else if (found.contains(seq)) {
              duplicates++;
            } else {
              found.addLong(seq);
            }
          }
          if (to == null && found.getLongCardinality() >= expected) {
            // Every input has its output: read on to where the committed records end now, for
            // duplicates written after the first copy.
            to = OffsetQueries.lastStableOffsets(admin, from.keySet(), connection.timeoutMs());
          }
          complete = to != null && reached(consumer, to);
        }
      }
      if (to == null) {
        // Out of time with inputs still missing: judge the range read.
        to = OffsetQueries.lastStableOffsets(admin, from.keySet(), connection.timeoutMs());
      }
    }
    long seenUncommitted = countRun(connection, runId, from, to, deadline, timeout);
    Roaring64Bitmap missing = Roaring64Bitmap.andNot(inputs, found);
    // Every committed output read was unexpected, a duplicate or the first of its input.
    long committed = unexpected + duplicates + found.getLongCardinality();
    return new ExactlyOnce(
            output.topic(),
            new ExactlyOnce.Outputs(
                expected,
                committed,
                found.getLongCardinality(),
                duplicates,
                missing.getLongCardinality(),
                unexpected,
                seenUncommitted < 0 ? -1 : Math.max(0, seenUncommitted - committed)),
            complete && inputsComplete,
            (System.nanoTime() - t0) / 1e9,
            missing.stream().limit(SAMPLE).boxed().toList(),
            false,
            null)
        .verdict(inputsComplete ? null : "the read-back of the inputs did not finish");
  }

  /** Records of this run in [from, to) read read_uncommitted, or -1 when out of time. */
  private static long countRun(
      Connection connection,
      byte[] runId,
      Map<TopicPartition, Long> from,
      Map<TopicPartition, Long> to,
      long deadline,
      Duration timeout) {
    long count = 0;
    // At least a few seconds of its own: the committed pass may have used the whole bound.
    long end = Math.max(deadline, System.nanoTime() + Duration.ofSeconds(10).toNanos());
    try (KafkaConsumer<byte[], byte[]> consumer =
        reader(connection, IsolationLevel.READ_UNCOMMITTED, timeout)) {
      consumer.assign(from.keySet());
      from.forEach(consumer::seek);
      while (System.nanoTime() < end) {
        if (reached(consumer, to)) {
          return count;
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          if (r.offset() < to.get(new TopicPartition(r.topic(), r.partition()))
              && RunIdentity.sequence(r.headers(), runId) >= 0) {
            count++;
          }
        }
      }
    }
    return -1;
  }

  private static boolean reached(
      KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> to) {
    return to.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }

  private static KafkaConsumer<byte[], byte[]> reader(
      Connection connection, IsolationLevel isolation, Duration timeout) {
    String name = "kafkaload-verify-output-" + ConsumerFactory.name(isolation);
    return RecordReadBack.reader(connection, name, isolation, timeout).create();
  }
}
