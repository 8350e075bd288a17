package kafkaload.kit;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.javaapi.core.Session;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import kafkaload.Params;
import org.junit.jupiter.api.Test;

/** The -D traffic knobs of the shipped simulations: keys, sizes, compressibility, their checks. */
class TrafficKnobsTest {
  private static RunParams params(Map<String, String> d) {
    return RunParams.of(Params.of(d, Map.of()));
  }

  private static Map<String, Long> keyCounts(Function<Session, Object> keys, int draws) {
    Map<String, Long> c = new HashMap<>();
    for (int i = 0; i < draws; i++) {
      c.merge(new String((byte[]) keys.apply(null), StandardCharsets.UTF_8), 1L, Long::sum);
    }
    return c;
  }

  @Test
  void zipfKeysFromTheKnobs() {
    RunParams p = params(Map.of("key", "zipf", "key.count", "100", "key.zipfExponent", "1.0"));
    Map<String, Long> c = keyCounts(p.keyFunction(), 100_000);
    double h = 0;
    for (int i = 1; i <= 100; i++) {
      h += 1.0 / i;
    }
    assertEquals(1 / h, c.get("key-0") / 100_000.0, 0.05 / h);
    assertTrue(c.size() <= 100);
    assertEquals("1.0", p.params().used().get("key.zipfExponent"));
  }

  @Test
  void hotKeysFromTheKnobs() {
    RunParams p =
        params(Map.of("key", "hot", "key.count", "200", "key.hotPct", "90", "key.hotKeys", "2"));
    Map<String, Long> c = keyCounts(p.keyFunction(), 100_000);
    assertEquals(0.9, (c.get("key-0") + c.get("key-1")) / 100_000.0, 0.01);
  }

  @Test
  void uniformKeysFromTheKnobs() {
    Map<String, Long> c =
        keyCounts(params(Map.of("key", "uniform", "key.count", "10")).keyFunction(), 100_000);
    assertEquals(10, c.size());
    c.values().forEach(n -> assertEquals(10_000, n, 600));
  }

  @Test
  void sizesAndCompressibilityFromTheKnobs() {
    RunParams p =
        params(Map.of("recordSize.dist", "uniform:10-20", "value.compressibility", "0.5"));
    Function<Session, Object> values = p.valueFunction();
    for (int i = 0; i < 1000; i++) {
      byte[] v = (byte[]) values.apply(null);
      assertTrue(v.length >= 10 && v.length <= 20, "size " + v.length);
    }
    // the default stays -DrecordSize random letters
    byte[] v = (byte[]) params(Map.of("recordSize", "64")).valueFunction().apply(null);
    assertEquals(64, v.length);
  }

  @Test
  void badKnobsAreRefusedBeforeAnyLoad() {
    assertTrue(error(() -> params(Map.of("key", "pareto"))).contains("key"));
    assertTrue(
        error(() -> params(Map.of("recordSize.dist", "normal:5"))).contains("expected fixed"));
    assertTrue(
        error(() -> params(Map.of("value.compressibility", "1.5"))).contains("0 to below 1"));
    assertEquals(
        "-Dkey.zipfExponent=0 must be > 0",
        error(() -> params(Map.of("key", "zipf", "key.zipfExponent", "0"))));
    assertTrue(
        error(
                () ->
                    params(Map.of("key", "hot", "key.count", "5", "key.hotKeys", "6"))
                        .keyFunction())
            .contains("hot keys must be 1 to n"));
  }
}
