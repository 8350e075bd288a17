package kafkaload.internal.semantic.capacity;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What one injector measured of one plateau: the figures every injector judges the plateau by
 * (exchanged between injectors in a distributed search).
 *
 * @param injector this injector's index (0 alone)
 * @param plateau the plateau's index in the search
 * @param ackedInWindow records acked inside the plateau's window
 * @param skipped sends not made because the producer already held a buffer's worth of records
 * @param unacked records neither acked nor failed when the plateau was judged
 * @param latencyMicros its acks' latency histogram (µs, HdrHistogram's compressed form, Base64)
 * @param publishDelayP99Ms p99 of how much later than planned its sends started
 * @param lateSends its sends that started later than planned by more than
 *     capacity.maxPublishDelayMs
 * @param injectorCpuPct its process's mean CPU over the plateau, % of its machine; null when not
 *     sampled
 * @param bytes key and value bytes of what it sent
 * @param firstError the first failure's reason; null when none failed
 * @param groupBehind the worst group under test after the plateau; null when there is none
 * @param e2eLatencyMicros send to read, µs, as {@code latencyMicros}; null when this injector runs
 *     no end-to-end consumer
 * @param e2eBehind records its end-to-end consumer had not read when the plateau was judged
 */
public record PlateauShare(
    int injector,
    int plateau,
    long sent,
    long acked,
    long failed,
    long ackedInWindow,
    long skipped,
    long unacked,
    String latencyMicros,
    double publishDelayP99Ms,
    long lateSends,
    Double injectorCpuPct,
    long bytes,
    String firstError,
    GroupLag.Behind groupBehind,
    String e2eLatencyMicros,
    long e2eBehind) {

  static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
  }

  Histogram latency() {
    return decode(latencyMicros, "latency");
  }

  /** Its end-to-end histogram; null without an end-to-end consumer. */
  Histogram e2eLatency() {
    return e2eLatencyMicros == null ? null : decode(e2eLatencyMicros, "end-to-end latency");
  }

  private Histogram decode(String encoded, String what) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("injector " + injector + "'s " + what + " histogram", e);
    }
  }
}
