package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import kafkaload.kit.RunParams;
import org.junit.jupiter.api.Test;

/**
 * The parameter snapshot: simulation defaults under -D values, blank means unset, and the record of
 * what was read.
 */
class ParamsSnapshotTest {
  @Test
  void aMinusDValueWinsOverASimulationDefaultWhichWinsOverTheCodeDefault() {
    Params p =
        Params.of(Map.of("acks", "all"), Map.of())
            .withDefaults(Map.of("acks", "1", "linger.ms", "5"));
    assertEquals("all", p.string("acks", "0"));
    assertEquals(5, p.nonNegativeInt("linger.ms", 1));
    assertEquals(7, p.nonNegativeInt("batch.size", 7));
  }

  @Test
  void simulationDefaultsDoNotLeakIntoTheOriginalSnapshot() {
    Params original = Params.of(Map.of(), Map.of());
    Params withDefaults = original.withDefaults(Map.of("linger.ms", "5"));
    assertEquals(5, withDefaults.nonNegativeInt("linger.ms", 1));
    assertEquals(1, original.nonNegativeInt("linger.ms", 1));
    assertNull(original.raw("linger.ms"));
  }

  @Test
  void laterDefaultsReplaceEarlierOnesAndKeepTheRest() {
    Params p =
        Params.of(Map.of(), Map.of())
            .withDefaults(Map.of("a", "1", "b", "2"))
            .withDefaults(Map.of("a", "3"));
    assertEquals("3", p.string("a", "x"));
    assertEquals("2", p.string("b", "x"));
  }

  @Test
  void blankValuesCountAsUnsetAndValuesAreTrimmed() {
    Params p =
        Params.of(
            Map.of("linger.ms", "  ", "users", " 42 ", "topic", "", "buffer", "1_000"), Map.of());
    assertNull(p.raw("linger.ms"));
    assertEquals(1, p.nonNegativeInt("linger.ms", 1));
    assertEquals(
        5,
        p.withDefaults(Map.of("linger.ms", "5")).nonNegativeInt("linger.ms", 1),
        "blank -D: default");
    assertEquals(42, p.positiveInt("users", 10));
    assertEquals("t", p.string("topic", "t"));
    assertEquals(1000, p.positiveLong("buffer", 1));
    assertEquals(
        "d", Params.of(Map.of(), Map.of()).withDefaults(Map.of("x", " ")).string("x", "d"));
  }

  @Test
  void usedRecordsEveryReadWithTheValueUsed() {
    Params p =
        Params.of(Map.of("users", "3", "acks", "ALL", "ratio", "2.50", "flag", "yes"), Map.of());
    p.string("topic", "kafkaload-perf");
    p.positiveInt("users", 10);
    p.oneOf("acks", "1", "0", "1", "all");
    p.nonNegativeDouble("ratio", 1);
    p.percent("gate.maxErrorPct", 0.1);
    p.bool("flag", false);
    p.bool("verify", true);
    p.raw("never.set");
    assertEquals(
        Map.of(
            "topic",
            "kafkaload-perf",
            "users",
            "3",
            "acks",
            "all",
            "ratio",
            "2.5",
            "gate.maxErrorPct",
            "0.1",
            "flag",
            "true",
            "verify",
            "true"),
        p.used());
  }

  @Test
  void aCopyWithDefaultsRecordsIntoTheSameLedgerWhichIsReadOnly() {
    Params original = Params.of(Map.of(), Map.of());
    original.withDefaults(Map.of("linger.ms", "5")).nonNegativeInt("linger.ms", 1);
    assertEquals(Map.of("linger.ms", "5"), original.used());
    assertThrows(UnsupportedOperationException.class, () -> original.used().put("x", "y"));
  }

  @Test
  void runParamsRecordsItsKnobsWithTheirDefaults() {
    Params p = Params.of(Map.of("topic", "orders"), Map.of());
    RunParams.of(p);
    assertEquals("orders", p.used().get("topic"));
    assertEquals("1024", p.used().get("recordSize"));
    assertEquals("lz4", p.used().get("compression.type"));
    assertEquals("0", p.used().get("retries"));
    assertTrue(
        !p.used().containsKey("kafka.embedded.brokers"),
        "a read of an unset raw value is not recorded");
    Params idempotent = Params.of(Map.of("enable.idempotence", "true"), Map.of());
    assertEquals("2147483647", RunParams.of(idempotent).producer().properties().get("retries"));
    assertEquals("2147483647", idempotent.used().get("retries"));
  }

  @Test
  void envIsNullWhenUnsetOrEmptyAndIsNotRecorded() {
    Params p = Params.of(Map.of(), Map.of("SET", "v", "EMPTY", ""));
    assertEquals("v", p.env("SET"));
    assertNull(p.env("EMPTY"));
    assertNull(p.env("ABSENT"));
    assertEquals(Map.of(), p.used());
  }
}
