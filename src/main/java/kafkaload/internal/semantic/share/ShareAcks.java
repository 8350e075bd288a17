package kafkaload.internal.semantic.share;

import io.gatling.core.session.Session;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import kafkaload.internal.action.KafkaAction;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;

/**
 * One share consumer's acknowledgements: waiting ones, their commits, and the answer (commit
 * callback) that settles each, counted only then, so a late ACCEPT after lock expiry counts as
 * refused. Its consumer's thread only.
 */
final class ShareAcks {
  /**
   * A record acknowledged as {@code type} (or implicitly accepted), waiting for the broker's
   * confirmation. {@code lockExpired}: sent a whole lock after the poll that acquired it, so the
   * lock had expired.
   */
  record Pending(
      long seq,
      AcknowledgeType type,
      int deliveryCount,
      long producedMillis,
      Poll poll,
      boolean lockExpired) {}

  /** One poll's records until the broker answered all their acknowledgements ("name poll"). */
  static final class Poll {
    final long startMillis;
    int outstanding;
    int refused;
    String reason;

    Poll(long startMillis, int records) {
      this.startMillis = startMillis;
      this.outstanding = records;
    }
  }

  private final ShareConsumer.Group g;
  private final Session session;
  private final int index;
  private final Map<Long, Pending> pending = new HashMap<>();

  ShareAcks(ShareConsumer.Group g, Session session, int index) {
    this.g = g;
    this.session = session;
    this.index = index;
  }

  /** A result of this consumer's, as the request {@code name} and {@code suffix}. */
  void log(String suffix, long start, long end, String koMessage) {
    g.log().result(session, g.spec().requestName() + suffix, start, end, koMessage);
  }

  /** The record at {@code partition} and {@code offset} acknowledged: wait for the broker. */
  void sent(int partition, long offset, Pending p) {
    pending.put(key(partition, offset), p);
  }

  /** The acknowledgement commit, timed as a request of its own. */
  void commit(KafkaShareConsumer<byte[], byte[]> consumer) {
    long t0 = System.nanoTime();
    long start = g.components().clock().nowMillis();
    var result = consumer.commitSync(Duration.ofMillis(g.components().connection().timeoutMs()));
    g.counters().committed((System.nanoTime() - t0) / 1_000);
    String refused = firstRefused(result);
    log(
        " ack",
        start,
        g.components().clock().nowMillis(),
        refused == null ? null : "acknowledgement of " + refused);
  }

  /** A commitSync's first partition the broker refused, as "topic-partition refused: reason". */
  static String firstRefused(Map<TopicIdPartition, Optional<KafkaException>> result) {
    return result.entrySet().stream()
        .filter(e -> e.getValue().isPresent())
        .findFirst()
        .map(
            e ->
                e.getKey().topicPartition() + " refused: " + KafkaAction.reason(e.getValue().get()))
        .orElse(null);
  }

  /**
   * The broker's answer to acknowledgements (the commit callback): each record settled, or refused.
   */
  void settle(Map<TopicIdPartition, Set<Long>> offsets, Exception error) {
    long now = g.components().clock().nowMillis();
    offsets.forEach(
        (tip, set) -> {
          for (long offset : set) {
            Pending p = pending.remove(key(tip.partition(), offset));
            if (p == null) {
              continue; // not this consumer's, or settled already
            }
            if (p.poll() != null) {
              settled(p.poll(), now, error);
            }
            if (error != null) {
              g.counters().refused(index, p.seq(), p.deliveryCount());
              if (p.type() == AcknowledgeType.ACCEPT && p.poll() == null) {
                log(
                    " accept",
                    p.producedMillis(),
                    now,
                    "ACCEPT refused (the lock had expired): " + KafkaAction.reason(error));
              }
              continue;
            }
            // A stock broker may confirm a RELEASE or REJECT sent after the lock expired (the
            // record the group's again): the expiry gave the record back, not the answer.
            if (p.lockExpired() && p.type() != AcknowledgeType.ACCEPT) {
              g.counters().lockExpired(p.seq(), p.deliveryCount());
              continue;
            }
            switch (p.type()) {
              case ACCEPT -> {
                g.counters().accepted(index, p.seq(), (now - p.producedMillis()) * 1_000);
                if (p.poll() == null) {
                  log(" accept", p.producedMillis(), now, null);
                }
              }
              case RELEASE -> g.counters().released(p.seq(), p.deliveryCount());
              case REJECT -> g.counters().rejected(p.seq());
              default -> {}
            }
          }
        });
  }

  /** A poll's record was confirmed or refused: the last ends the poll's request (KO if refused). */
  private void settled(Poll poll, long now, Exception error) {
    if (error != null) {
      poll.refused++;
      poll.reason = KafkaAction.reason(error);
    }
    if (--poll.outstanding == 0) {
      log(
          " poll",
          poll.startMillis,
          now,
          poll.refused == 0
              ? null
              : poll.refused
                  + " acknowledgement(s) of the poll refused (the lock had expired): "
                  + poll.reason);
    }
  }

  /** A record's place, partition and offset, as one key. */
  static long key(int partition, long offset) {
    return ((long) partition << 44) | offset;
  }
}
