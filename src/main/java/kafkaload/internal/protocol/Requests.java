package kafkaload.internal.protocol;

import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.IsolationLevel;

/**
 * What every request of the protocol shares: whether records carry the run-identity headers the
 * read-back counts with, how long a request-reply waits for its reply unless the action says
 * otherwise, and the isolation.level its readers (consume, request-reply, drain, the lag monitor)
 * use unless the action says otherwise.
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
