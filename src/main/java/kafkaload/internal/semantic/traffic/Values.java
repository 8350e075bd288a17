package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.javaapi.core.Session;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * Values of sizes drawn from a {@link SizeDistribution}, of a chosen compressibility: the first
 * share {@code c} of each value is a line of text repeated (which any compressor shrinks to almost
 * nothing), the rest bytes copied from a random region made once, at a random offset (which no
 * compressor shrinks), so a batch compresses to about {@code 1 - c} of its size (Kafka's {@code
 * compression-rate-avg}). Without a compressibility the rest is random upper-case letters, as
 * {@code randomBytes} makes them (lz4 leaves them whole; gzip and zstd code them in about 5 bits).
 * Each value is one array copied from the region: cheap, and thread-safe.
 */
public final class Values {
  /** The random region: large beside a batch, so two records of one batch rarely share bytes. */
  static final int REGION = 4 << 20;

  static final byte[] LINE =
      "2026-01-01T00:00:00Z INFO order accepted status=OK region=eu-west-1 channel=web\n"
          .getBytes(StandardCharsets.US_ASCII);

  private final SizeDistribution sizes;
  private final double compressibility;
  private final byte[] random;
  private final byte[] text;

  /**
   * Values of {@code sizes}; {@code compressibility} 0 to 1 (below 1), or null for random letters
   * (today's {@code randomBytes}).
   */
  Values(SizeDistribution sizes, Double compressibility) {
    refuseIf(
        compressibility != null && !(compressibility >= 0 && compressibility < 1),
        "Compressibility "
            + compressibility
            + ": the share of each value that is repeated text, 0 to below 1 (0.6: 60 %)");
    this.sizes = sizes;
    this.compressibility = compressibility == null ? 0 : compressibility;
    int max = sizes.max();
    this.random = region(REGION + max, compressibility == null);
    this.text = new byte[(int) Math.ceil(max * this.compressibility)];
    for (int i = 0; i < text.length; i++) {
      text[i] = LINE[i % LINE.length];
    }
  }

  /** The values of {@link #Values(SizeDistribution, Double)}, one a record. */
  public static Function<Session, Object> of(SizeDistribution sizes, Double compressibility) {
    Values v = new Values(sizes, compressibility);
    return session -> v.next();
  }

  /** One value: its size drawn, its text share copied, then random bytes. */
  byte[] next() {
    int size = sizes.next();
    byte[] v = new byte[size];
    int textLength = (int) Math.round(size * compressibility);
    System.arraycopy(text, 0, v, 0, textLength);
    int from = ThreadLocalRandom.current().nextInt(REGION);
    System.arraycopy(random, from, v, textLength, size - textLength);
    return v;
  }

  private static byte[] region(int length, boolean letters) {
    SplittableRandom r = new SplittableRandom(length);
    byte[] b = new byte[length];
    if (letters) {
      for (int i = 0; i < length; i++) {
        b[i] = (byte) ('A' + r.nextInt(26));
      }
    } else {
      r.nextBytes(b);
    }
    return b;
  }
}
