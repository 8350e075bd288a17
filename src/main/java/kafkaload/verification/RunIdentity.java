package kafkaload.verification;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The headers that tie every record to its run, its virtual user and its place in that user's sequence, so the
 * read-back can count duplicates, gaps and reordering. A user sends one record at a time and waits for its ack,
 * so within a partition a user's sequence numbers must rise.
 */
public final class RunIdentity {
  public static final String RUN_HEADER = "kafkaload.run";
  public static final String USER_HEADER = "kafkaload.user";
  public static final String SEQ_HEADER = "kafkaload.seq";

  private final String runId;
  private final byte[] runIdBytes;

  public RunIdentity(String runId) {
    this.runId = runId;
    this.runIdBytes = runId.getBytes(StandardCharsets.UTF_8);
  }

  public static RunIdentity random() {
    return new RunIdentity(UUID.randomUUID().toString().substring(0, 13));
  }

  public String runId() {
    return runId;
  }

  public byte[] runIdBytes() {
    return runIdBytes;
  }

  public static byte[] number(long n) {
    return Long.toString(n).getBytes(StandardCharsets.US_ASCII);
  }

  /** Parses a header written by {@link #number}; -1 when absent or malformed. */
  public static long parse(byte[] value) {
    if (value == null || value.length == 0 || value.length > 19) {
      return -1;
    }
    long n = 0;
    for (byte b : value) {
      if (b < '0' || b > '9') {
        return -1;
      }
      n = n * 10 + (b - '0');
    }
    return n;
  }
}
