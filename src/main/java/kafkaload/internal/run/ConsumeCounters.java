package kafkaload.internal.run;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What consume and request-reply actions measure: end-to-end latency (send to read), send-to-reply
 * latency, late replies.
 */
public final class ConsumeCounters {
  /** Replies (or consumed records) that arrived after their waiter had timed out. */
  private final LongAdder lateReplies = new LongAdder();

  private final Map<String, Recorder> e2eLatencyMicros = new ConcurrentHashMap<>();

  /** Send to reply of each OK request-reply, µs, by request name: Gatling's response time. */
  private final Map<String, Recorder> replyLatencyMicros = new ConcurrentHashMap<>();

  /** The isolation.level each consume and request-reply request name read with. */
  private final Map<String, String> isolationLevels = new ConcurrentHashMap<>();

  /** The isolation.level the action {@code requestName} reads with; recorded when built. */
  public void readsWith(String requestName, String isolationLevel) {
    isolationLevels.put(requestName, isolationLevel);
  }

  /** Per consume and request-reply request name, the isolation.level it read with, sorted. */
  public Map<String, String> isolationLevels() {
    return new TreeMap<>(isolationLevels);
  }

  /** A reply (or consumed record) arrived after its waiter had timed out. */
  public void lateReply() {
    lateReplies.increment();
  }

  public long lateReplies() {
    return lateReplies.sum();
  }

  /** A consumed record of {@code requestName} arrived {@code micros} after it was produced. */
  public void endToEnd(String requestName, long micros) {
    record(e2eLatencyMicros, requestName, micros);
  }

  /** Whole-run end-to-end latency histograms per consume request name; call once, at the end. */
  public Map<String, Histogram> e2eLatencyHistograms() {
    return histograms(e2eLatencyMicros);
  }

  /** A request-reply of {@code requestName} was answered, OK, {@code micros} after its send. */
  public void sendToReply(String requestName, long micros) {
    record(replyLatencyMicros, requestName, micros);
  }

  /** Whole-run send-to-reply histograms per request-reply request name; call once, at the end. */
  public Map<String, Histogram> replyLatencyHistograms() {
    return histograms(replyLatencyMicros);
  }

  private static void record(Map<String, Recorder> byName, String requestName, long micros) {
    byName.computeIfAbsent(requestName, n -> new Recorder(3)).recordValue(Math.max(0, micros));
  }

  /** Each name's histogram since the last call, sorted by name. */
  private static Map<String, Histogram> histograms(Map<String, Recorder> byName) {
    Map<String, Histogram> out = new TreeMap<>();
    byName.forEach((name, r) -> out.put(name, r.getIntervalHistogram()));
    return out;
  }
}
