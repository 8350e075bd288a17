package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.bootstrap;
import static kafkaload.it.KafkaTestSupport.createTopic;
import static kafkaload.it.KafkaTestSupport.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.results.ReconciliationResult.ExactlyOnce;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.verification.ExactlyOnceCheck;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once verdict driven directly against an output topic on the embedded broker (no
 * Gatling child JVM), written to break it every way: a duplicate, missing outputs, an output with
 * no input, another run's record, and an aborted transaction's output, which must be counted apart
 * and never as a duplicate.
 */
class ExactlyOnceCheckIT {
  private static final byte[] RUN = "run-eos-check".getBytes(StandardCharsets.US_ASCII);

  private static ProducerRecord<byte[], byte[]> output(String topic, byte[] run, long seq) {
    ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, 0, null, new byte[] {1});
    r.headers().add(RunIdentity.RUN_HEADER, run);
    r.headers().add(RunIdentity.SEQ_HEADER, RunIdentity.userSequence(1, seq));
    return r;
  }

  @Test
  void namesDuplicatesMissingAndUnexpectedOutputsAndCountsAbortedOnesApart() throws Exception {
    String topic = uniqueTopic("eos-check");
    createTopic(topic, 1);
    org.roaringbitmap.longlong.Roaring64Bitmap inputs =
        new org.roaringbitmap.longlong.Roaring64Bitmap();
    inputs.addRange(0, 10); // inputs 0..9
    try (KafkaProducer<byte[], byte[]> p =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", bootstrap(), "transactional.id", "check-" + topic),
            new ByteArraySerializer(),
            new ByteArraySerializer())) {
      p.initTransactions();
      p.beginTransaction();
      p.send(output(topic, RUN, 5)); // aborted: a read_committed reader never sees it
      p.flush();
      p.abortTransaction();
      p.beginTransaction();
      for (long seq = 0; seq < 8; seq++) { // 8 and 9 missing
        p.send(output(topic, RUN, seq));
      }
      p.send(output(topic, RUN, 3)); // a duplicate
      p.send(output(topic, RUN, 42)); // no such input
      p.send(output(topic, "another-run".getBytes(StandardCharsets.US_ASCII), 9)); // not ours
      p.commitTransaction();
    }
    ExactlyOnce e =
        ExactlyOnceCheck.run(
            new Connection(bootstrap(), Map.of(), 10_000),
            RUN,
            inputs,
            true,
            new ExactlyOnceCheck.Output(topic, Map.of()),
            Duration.ofSeconds(3));
    assertEquals(10, e.counts().committedInputs(), e.toString());
    assertEquals(10, e.counts().committedOutputs(), "8 firsts, a duplicate, an unexpected: " + e);
    assertEquals(8, e.counts().distinctOutputs(), e.toString());
    assertEquals(1, e.counts().duplicates(), e.toString());
    assertEquals(2, e.counts().missing(), e.toString());
    assertEquals(List.of(8L, 9L), e.missingSample());
    assertEquals(1, e.counts().unexpected(), e.toString());
    assertEquals(1, e.counts().abortedOutputs(), "the aborted output, counted apart: " + e);
    assertTrue(
        e.failure().startsWith("EXACTLY-ONCE BROKEN on '" + topic + "': 2 committed input(s)"),
        e.failure());

    // The inputs it has outputs for, once each: it holds, the aborted output notwithstanding.
    org.roaringbitmap.longlong.Roaring64Bitmap matched =
        new org.roaringbitmap.longlong.Roaring64Bitmap();
    for (long seq : new long[] {0, 1, 2, 4, 5, 6, 7}) {
      matched.addLong(seq);
    }
    ExactlyOnce partial =
        ExactlyOnceCheck.run(
            new Connection(bootstrap(), Map.of(), 10_000),
            RUN,
            matched,
            true,
            new ExactlyOnceCheck.Output(topic, Map.of()),
            Duration.ofSeconds(3));
    assertEquals(0, partial.counts().missing(), partial.toString());
    assertEquals(3, partial.counts().unexpected(), "3 twice and 42 have no input here: " + partial);
  }
}
