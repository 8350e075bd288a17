package kafkaload.internal.payload;

import io.gatling.javaapi.core.Session;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.IntStream;
import kafkaload.internal.config.KafkaLoadConfigException;

/** Key helpers. An EL string ("#{userId}") is a key too: pass it to send(key, value) directly. */
public final class Keys {
  private Keys() {}

  /** No key: the producer's sticky partitioner fills one partition's batch at a time. */
  public static Function<Session, Object> noKey() {
    return session -> null;
  }

  /** A random 64-bit number as text: records spread evenly over partitions by hash. */
  public static Function<Session, Object> randomKey() {
    return session -> Long.toString(ThreadLocalRandom.current().nextLong());
  }

  /** "key-0" … "key-(n-1)" in turn, across all users: n distinct keys, each used in order. */
  public static Function<Session, Object> roundRobinKey(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("roundRobinKey(" + n + "): n must be >= 1");
    }
    byte[][] keys = IntStream.range(0, n).mapToObj(Keys::name).toArray(byte[][]::new);
    AtomicLong next = new AtomicLong();
    return session -> keys[(int) (next.getAndIncrement() % n)];
  }

  /** Key {@code "key-" + i}, the name every key helper gives its i-th key. */
  public static byte[] name(int i) {
    return ("key-" + i).getBytes(StandardCharsets.UTF_8);
  }
}
