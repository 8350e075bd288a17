package kafkaload.internal.protocol;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.IsolationLevel;

/**
 * What the protocol's requests share: run-identity headers (for the read-back), the reply timeout
 * of a request-reply, and the readers' isolation.level, each unless the action sets its own; the
 * share of records that carry a W3C {@code traceparent} (0: none).
 */
@RecordBuilder
public record Requests(
    boolean runIdentity,
    long replyTimeoutMs,
    IsolationLevel isolationLevel,
    double traceSampleRatio)
    implements RequestsBuilder.With {
  /** Kafka's consumer default, read_uncommitted, unless set; no trace context. */
  public static final Requests DEFAULT =
      new Requests(true, 10_000, IsolationLevel.READ_UNCOMMITTED, 0);

  /** The default reply timeout; refused unless above 0. */
  public Requests withReplyTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KafkaLoadConfigException("replyTimeout(" + timeout + "): the timeout must be > 0");
    }
    return withReplyTimeoutMs(timeout.toMillis());
  }

  /** The share of records sent with a {@code traceparent}; refused outside 0 to 1. */
  public Requests withTraceSampleRatio(double ratio) {
    if (!(ratio >= 0 && ratio <= 1)) {
      throw new KafkaLoadConfigException(
          "traceSampleRatio(" + ratio + "): " + ProtocolResolver.TRACE_RATIO_RANGE);
    }
    return RequestsBuilder.With.super.withTraceSampleRatio(ratio);
  }
}
