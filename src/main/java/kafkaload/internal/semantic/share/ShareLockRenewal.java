package kafkaload.internal.semantic.share;

import io.gatling.core.session.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;

/** A share consumer's lock renewals (RENEW, KIP-1222); used on its consumer's thread only. */
final class ShareLockRenewal {
  private final String requestName;
  private final KafkaComponents components;
  private final ShareCounters counters;
  private final ShareConsumeAction.Log log;
  private final Session session;
  private final int lockMs;

  ShareLockRenewal(
      String requestName,
      KafkaComponents components,
      ShareCounters counters,
      ShareConsumeAction.Log log,
      Session session,
      int lockMs) {
    this.requestName = requestName;
    this.components = components;
    this.counters = counters;
    this.log = log;
    this.session = session;
    this.lockMs = lockMs;
  }

  /**
   * Renews the locks of {@code current} and {@code todo} at once with commitSync (a poll would
   * carry them only with its next fetch, held up to fetch.max.wait.ms); {@code todo} keeps what
   * came back, in order; returns the current record, or null when not renewed. Timed as "name
   * renew", KO naming a refused partition.
   */
  ConsumerRecord<byte[], byte[]> renew(
      KafkaShareConsumer<byte[], byte[]> consumer,
      ConsumerRecord<byte[], byte[]> current,
      Deque<ConsumerRecord<byte[], byte[]>> todo,
      ShareAcks.Poll poll) {
    long start = components.clock().nowMillis();
    Map<Long, ConsumerRecord<byte[], byte[]>> asked = new LinkedHashMap<>();
    asked.put(ShareAcks.key(current.partition(), current.offset()), current);
    for (ConsumerRecord<byte[], byte[]> r : todo) {
      asked.put(ShareAcks.key(r.partition(), r.offset()), r);
    }
    asked.values().forEach(r -> consumer.acknowledge(r, AcknowledgeType.RENEW));
    String refused =
        ShareAcks.firstRefused(
            consumer.commitSync(Duration.ofMillis(components.connection().timeoutMs())));
    // One poll: it returns the renewed records, max.poll.records at a time, and a second poll
    // before those are acknowledged would be refused ("All records must be acknowledged"). Renewed
    // records it did not return come with the consumer's next polls, as records of a poll of their
    // own.
    Map<Long, ConsumerRecord<byte[], byte[]>> back = new HashMap<>();
    List<ConsumerRecord<byte[], byte[]>> fresh = new ArrayList<>();
    long waitMs = Math.max(lockMs, 1_000);
    long until = System.nanoTime() + waitMs * 1_000_000L;
    while (System.nanoTime() < until) {
      ConsumerRecords<byte[], byte[]> got = consumer.poll(Duration.ofMillis(100));
      for (ConsumerRecord<byte[], byte[]> r : got) {
        long k = ShareAcks.key(r.partition(), r.offset());
        if (asked.containsKey(k) && !back.containsKey(k)) {
          back.put(k, r);
        } else {
          fresh.add(r); // not expected while renewals are pending; worked on like any record
        }
      }
      if (!got.isEmpty()) {
        break;
      }
    }
    int notBack = asked.size() - back.size();
    counters.renewed(refused == null ? asked.size() : back.size());
    todo.clear();
    asked.forEach(
        (k, r) -> {
          if (back.containsKey(k) && r != current) {
            todo.add(back.get(k));
          }
        });
    todo.addAll(fresh);
    if (poll != null) {
      // Records not back are not this poll's to settle any more (a later poll brings the renewed
      // ones); new ones are.
      poll.outstanding += fresh.size() - notBack;
    }
    log.result(
        session,
        requestName + " renew",
        start,
        components.clock().nowMillis(),
        refused != null
            ? "renewal of "
                + refused
                + " (the locks had expired: the records are the group's again)"
            : back.isEmpty() ? "no renewed record came back within " + waitMs + " ms" : null);
    return back.get(ShareAcks.key(current.partition(), current.offset()));
  }
}
