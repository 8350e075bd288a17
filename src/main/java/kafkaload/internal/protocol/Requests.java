package kafkaload.internal.protocol;

/**
 * What every request of the protocol shares: whether records carry the run-identity headers the
 * read-back counts with, and how long a request-reply waits for its reply unless the action says
 * otherwise.
 */
public record Requests(boolean runIdentity, long replyTimeoutMs) {
  public static final Requests DEFAULT = new Requests(true, 10_000);

  public Requests withRunIdentity(boolean enabled) {
    return new Requests(enabled, replyTimeoutMs);
  }

  public Requests withReplyTimeoutMs(long ms) {
    return new Requests(runIdentity, ms);
  }
}
