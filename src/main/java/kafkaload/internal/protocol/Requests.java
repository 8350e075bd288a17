package kafkaload.internal.protocol;

import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.IsolationLevel;

/**
 * What the protocol's requests share: run-identity headers (for the read-back), the reply timeout
 * of a request-reply, and the readers' isolation.level, each unless the action sets its own.
 */
public record Requests(boolean runIdentity, long replyTimeoutMs, IsolationLevel isolationLevel) {
  /** Kafka's consumer default, read_uncommitted, unless set. */
  public static final Requests DEFAULT =
      new Requests(true, 10_000, IsolationLevel.READ_UNCOMMITTED);

  public Requests withRunIdentity(boolean enabled) {
    return new Requests(enabled, replyTimeoutMs, isolationLevel);
  }

  /** The default reply timeout; refused unless above 0. */
  public Requests withReplyTimeout(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KafkaLoadConfigException("replyTimeout(" + timeout + "): the timeout must be > 0");
    }
    return new Requests(runIdentity, timeout.toMillis(), isolationLevel);
  }

  public Requests withIsolationLevel(IsolationLevel level) {
    return new Requests(runIdentity, replyTimeoutMs, level);
  }
}
