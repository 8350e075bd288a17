package kafkaload.internal.run;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The headers tying each record to its run, user and place: {@code kafkaload.run} and {@code
 * kafkaload.seq} ("user-sequence", readable with kcat). Run-wide sequences keep one compact set
 * however many users; a user's sequence must rise within a partition.
 */
public record RunIdentity(String runId, byte[] runIdBytes) {
  public static final String RUN_HEADER = "kafkaload.run";
  public static final String SEQ_HEADER = "kafkaload.seq";

  public RunIdentity(String runId) {
    this(runId, runId.getBytes(StandardCharsets.UTF_8));
  }

  public static RunIdentity random() {
    return new RunIdentity(UUID.randomUUID().toString().substring(0, 13));
  }

  /** "user-sequence" as ASCII digits, with no intermediate String: runs on every send. */
  public static byte[] userSequence(long user, long seq) {
    int ul = digits(user);
    int sl = digits(seq);
    byte[] out = new byte[ul + 1 + sl];
    write(out, ul, user);
    out[ul] = '-';
    write(out, out.length, seq);
    return out;
  }

  private static int digits(long n) {
    int d = 1;
    while (n >= 10) {
      n /= 10;
      d++;
    }
    return d;
  }

  private static void write(byte[] out, int end, long n) {
    int i = end;
    do {
      out[--i] = (byte) ('0' + n % 10);
      n /= 10;
    } while (n > 0);
  }

  /** The user and run-wide sequence of a record of run {@code runId}, else null. */
  public static long[] recordId(Headers headers, byte[] runId) {
    Header run = headers.lastHeader(RUN_HEADER);
    if (run == null || !Arrays.equals(run.value(), runId)) {
      return null;
    }
    Header seq = headers.lastHeader(SEQ_HEADER);
    return parse(seq == null ? null : seq.value());
  }

  /** The run-wide sequence of a record of run {@code runId}, else -1. */
  public static long sequence(Headers headers, byte[] runId) {
    long[] id = recordId(headers, runId);
    return id == null ? -1 : id[1];
  }

  /** Parses a header written by {@link #userSequence}: {user, sequence}, or null when malformed. */
  public static long[] parse(byte[] value) {
    if (value == null || value.length < 3 || value.length > 39) {
      return null;
    }
    long[] out = new long[2];
    int part = 0;
    boolean digit = false;
    for (byte b : value) {
      if (b == '-' && part == 0 && digit) {
        part = 1;
        digit = false;
      } else if (b >= '0' && b <= '9') {
        out[part] = out[part] * 10 + (b - '0');
        digit = true;
      } else {
        return null;
      }
    }
    return part == 1 && digit ? out : null;
  }
}
