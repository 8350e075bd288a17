package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.javaapi.core.Session;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
import kafkaload.internal.payload.Keys;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;

/**
 * Keys "key-0" … "key-(n-1)" drawn from a distribution; the producer's default partitioner picks
 * each key's partition (murmur2 of the key), as it would in production. Thread-safe and cheap: each
 * draw uses the calling thread's {@link ThreadLocalRandom}, and the keys of up to {@link
 * #TABLE_MAX} indexes are made once.
 */
public final class KeyDistribution {
  /** Keys made once, up to this many; beyond, a key's bytes are made per record. */
  static final int TABLE_MAX = 1 << 16;

  /** Every draw uses the calling thread's generator, so one sampler serves every thread. */
  private static final UniformRandomProvider THREAD_RANDOM =
      () -> ThreadLocalRandom.current().nextLong();

  private KeyDistribution() {}

  /** Each of n keys equally likely. */
  public static Function<Session, Object> uniform(int n) {
    return keys(uniformIndex(positive("uniformKey", n)), n);
  }

  /** Key k (k = 0 … n-1) with probability proportional to 1 / (k+1)^s (Zipf's law). */
  public static Function<Session, Object> zipf(int n, double s) {
    return keys(zipfIndex(n, s), n);
  }

  /** {@code pct} % of the records on the first {@code hotKeys} keys, the rest on the other ones. */
  public static Function<Session, Object> hot(double pct, int hotKeys, int n) {
    return keys(hotIndex(pct, hotKeys, n), n);
  }

  static IntSupplier uniformIndex(int n) {
    return () -> ThreadLocalRandom.current().nextInt(n);
  }

  static IntSupplier zipfIndex(int n, double s) {
    positive("zipfKey", n);
    refuseIf(
        !(s > 0) || Double.isInfinite(s),
        "zipfKey(" + n + ", " + s + "): the exponent s must be > 0 (1.0: Zipf's law)");
    SharedStateDiscreteSampler sampler = RejectionInversionZipfSampler.of(THREAD_RANDOM, n, s);
    return () -> sampler.sample() - 1;
  }

  static IntSupplier hotIndex(double pct, int hotKeys, int n) {
    String call = "hotKeys(" + pct + ", " + hotKeys + ", " + n + ")";
    positive(call, n);
    refuseIf(!(pct > 0 && pct <= 100), call + ": the hot share must be above 0 and at most 100 %");
    refuseIf(
        hotKeys < 1 || hotKeys > n || (hotKeys == n && pct < 100),
        call + ": the hot keys must be 1 to n, and fewer than n unless the share is 100 %");
    double hot = pct / 100;
    int cold = n - hotKeys;
    return () -> {
      ThreadLocalRandom r = ThreadLocalRandom.current();
      return cold == 0 || r.nextDouble() < hot ? r.nextInt(hotKeys) : hotKeys + r.nextInt(cold);
    };
  }

  /**
   * Key {@code "key-" + index} of each draw of an index in [0, n) (0 the most frequent where the
   * law has an order); the same names as {@code roundRobinKey}.
   */
  static Function<Session, Object> keys(IntSupplier index, int n) {
    if (n <= TABLE_MAX) {
      byte[][] table = IntStream.range(0, n).mapToObj(Keys::name).toArray(byte[][]::new);
      return session -> table[index.getAsInt()];
    }
    return session -> Keys.name(index.getAsInt());
  }

  private static int positive(String call, int n) {
    refuseIf(n < 1, call + ": n must be >= 1, got " + n);
    return n;
  }
}
