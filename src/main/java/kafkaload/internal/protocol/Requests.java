package kafkaload.internal.protocol;

import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.IsolationLevel;

/**
 * What the protocol's requests share: run-identity headers (for the read-back), the reply timeout
 * of a request-reply, and the readers' isolation.level, each unless the action sets its own; the
 * share of records that carry a W3C {@code traceparent} (0: none).
 */
public record Requests(
    boolean runIdentity,
    long replyTimeoutMs,
    IsolationLevel isolationLevel,
    double traceSampleRatio) {
  /** Kafka's consumer default, read_uncommitted, unless set; no trace context. */
  public static final Requests DEFAULT =
      new Requests(true, 10_000, IsolationLevel.READ_UNCOMMITTED, 0);

  public Requests withRunIdentity(boolean enabled) {
    return new Requests(enabled, replyTimeoutMs, isolationLevel, traceSampleRatio);
  }

  /** The default reply timeout; refused unless above 0. */
  public Requests withReplyTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KafkaLoadConfigException("replyTimeout(" + timeout + "): the timeout must be > 0");
    }
    return new Requests(runIdentity, timeout.toMillis(), isolationLevel, traceSampleRatio);
  }

  public Requests withIsolationLevel(IsolationLevel level) {
    return new Requests(runIdentity, replyTimeoutMs, level, traceSampleRatio);
  }

  /** The share of records sent with a {@code traceparent}; refused outside 0 to 1. */
  public Requests withTraceSampleRatio(double ratio) {
    if (!(ratio >= 0 && ratio <= 1)) {
      throw new KafkaLoadConfigException(
          "traceSampleRatio(" + ratio + "): " + ProtocolResolver.TRACE_RATIO_RANGE);
    }
    return new Requests(runIdentity, replyTimeoutMs, isolationLevel, ratio);
  }
}
