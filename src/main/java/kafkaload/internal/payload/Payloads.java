package kafkaload.internal.payload;

import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.internal.Expressions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Value helpers; each returns a function of the session that the send action evaluates per record.
 */
public final class Payloads {
  /** Distinct arrays per size: batches are not one array repeated, yet they stay in cache. */
  static final int POOL_SIZE = 64;

  /** Large values get fewer arrays: 64 of 2 MB would hold 128 MB of a 1 GB heap for the run. */
  static final int POOL_BYTES = 16 << 20;

  private Payloads() {}

  /** Records of exactly {@code size} random upper-case letters, round-robin from a pool. */
  public static Function<Session, Object> randomBytes(int size) {
    if (size < 0) {
      throw new KafkaLoadConfigException("randomBytes(" + size + "): the size must be >= 0");
    }
    byte[][] pool = randomPool(size, poolSize(size));
    int mask = pool.length - 1;
    AtomicLong next = new AtomicLong();
    return session -> pool[(int) (next.getAndIncrement() & mask)];
  }

  /** 64 arrays, or fewer (a power of two, at least 2) so that the pool stays within 16 MiB. */
  static int poolSize(int size) {
    return Math.max(2, Math.min(POOL_SIZE, Integer.highestOneBit(POOL_BYTES / Math.max(1, size))));
  }

  /**
   * {@code count} random letter arrays for {@link #randomBytes}: no repeats for lz4 to find. Each
   * draw of 63 random bits gives 13 letters (26^13 < 2^63): a 2 MB value costs 160,000 draws, not 2
   * million.
   */
  public static byte[][] randomPool(int size, int count) {
    SplittableRandom random = new SplittableRandom(size);
    byte[][] pool = new byte[count][];
    for (int i = 0; i < count; i++) {
      byte[] letters = new byte[size];
      long bits = 0;
      for (int j = 0; j < size; j++) {
        if (j % 13 == 0) {
          bits = random.nextLong() >>> 1;
        }
        letters[j] = (byte) ('A' + bits % 26);
        bits /= 26;
      }
      pool[i] = letters;
    }
    return pool;
  }

  /** A random UUID string per record. */
  public static Function<Session, Object> uuid() {
    return session -> UUID.randomUUID().toString();
  }

  /** The bytes of a file (file system path or classpath resource), read once. */
  public static byte[] fileBody(String path) {
    return read(path, "payload file");
  }

  /** A text file (path or classpath resource) with Gatling EL such as #{id}, filled per record. */
  public static Function<Session, Object> templateBody(String path) {
    String template = new String(read(path, "payload file"), StandardCharsets.UTF_8);
    SessionValue<String> el = SessionValue.fromScala(Expressions.toStringExpression(template));
    return session -> el.resolve(session.asScala());
  }

  /** A file's bytes (path, else classpath resource); missing or unreadable: a config error. */
  public static byte[] read(String path, String what) {
    try (InputStream in = ClientProperties.open(path)) {
      if (in == null) {
        throw new KafkaLoadConfigException(
            "%s%s not found on disk or on the classpath: %s"
                .formatted(Character.toUpperCase(what.charAt(0)), what.substring(1), path));
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new KafkaLoadConfigException(
          "Cannot read " + what + " " + path + ": " + e.getMessage());
    }
  }
}
