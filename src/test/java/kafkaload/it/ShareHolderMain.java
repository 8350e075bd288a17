package kafkaload.it;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kafkaload.internal.run.RunIdentity;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A share consumer of another process, for {@link ShareConsumerKillIT}: it joins the share group,
 * takes one poll of records (explicit acknowledgement, {@code max.poll.records} as given, with
 * share.acquire.mode record_limit: each acquisition at most that many, though a poll may return
 * more than one), prints each one and never acknowledges them; then it waits to be killed. It exits
 * by itself when its parent goes (stdin closed) or when nothing came within two minutes.
 *
 * <p>Lines: "SUBSCRIBED", then per record "HELD partition offset deliveryCount seq" and one
 * "HOLDING n".
 *
 * <p>Arguments: bootstrap servers, topic, share group, max records.
 */
public final class ShareHolderMain {
  private ShareHolderMain() {}

  public static void main(String[] args) throws IOException {
    PrintStream out = System.out;
    Map<String, Object> config =
        Map.of(
            "bootstrap.servers",
            args[0],
            "group.id",
            args[2],
            "client.id",
            "share-holder",
            "share.acknowledgement.mode",
            "explicit",
            "share.acquire.mode",
            "record_limit",
            "max.poll.records",
            Integer.parseInt(args[3]));
    KafkaShareConsumer<byte[], byte[]> consumer =
        new KafkaShareConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    consumer.subscribe(List.of(args[1]));
    out.println("SUBSCRIBED");
    out.flush();
    long until = System.nanoTime() + 120_000_000_000L;
    ConsumerRecords<byte[], byte[]> held = ConsumerRecords.empty();
    while (held.isEmpty() && System.nanoTime() < until) {
      held = consumer.poll(Duration.ofMillis(100));
    }
    for (ConsumerRecord<byte[], byte[]> r : held) {
      Header seq = r.headers().lastHeader(RunIdentity.SEQ_HEADER);
      long[] us = seq == null ? null : RunIdentity.parse(seq.value());
      out.printf(
          "HELD %d %d %d %d%n",
          r.partition(),
          r.offset(),
          r.deliveryCount().map(Short::intValue).orElse(-1),
          us == null ? -1 : us[1]);
    }
    out.println("HOLDING " + held.count());
    out.flush();
    // Hold the records (no acknowledgement, no poll, no close) until killed; a parent that went
    // away closes stdin, and the holder goes too, without releasing anything.
    while (System.in.read() >= 0) {
      // nothing to read: the parent never writes
    }
    Runtime.getRuntime().halt(0);
  }
}
