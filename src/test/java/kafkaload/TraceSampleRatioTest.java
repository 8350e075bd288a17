package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/**
 * The trace sampling ratio in the DSL: off unless set, the builder's value, -Dtrace.sampleRatio
 * winning over it, and a value outside 0 to 1 refused naming the property and the value, before a
 * broker is touched.
 */
class TraceSampleRatioTest {
  private static final Params NONE = Params.of(Map.of(), Map.of());

  private static Params d(String value) {
    return Params.of(Map.of("trace.sampleRatio", value), Map.of());
  }

  @Test
  void offByDefaultTheBuildersValueAndTheParameterWinning() {
    KafkaProtocolBuilder base = new KafkaProtocolBuilder().params(NONE).topic("t");
    assertEquals(0, base.resolved().traceSampleRatio());
    assertFalse(
        base.resolved().run().parameters().containsKey("trace.sampleRatio"),
        "not listed among the run's parameters unless set");
    KafkaProtocolBuilder tenth = base.traceSampleRatio(0.1);
    assertEquals(0.1, tenth.resolved().traceSampleRatio());
    assertEquals(0, base.resolved().traceSampleRatio(), "the builder is immutable");
    assertEquals(0.5, tenth.params(d("0.5")).resolved().traceSampleRatio());
    assertEquals(0, tenth.params(d("0")).resolved().traceSampleRatio());
    assertEquals(1, base.params(d("1")).resolved().traceSampleRatio());
    assertEquals(
        "0.5", base.params(d("0.5")).resolved().run().parameters().get("trace.sampleRatio"));
  }

  @Test
  void aBadRatioIsRefusedNamingThePropertyAndTheValue() {
    for (String bad : new String[] {"1.5", "-0.1", "half", "NaN", "Infinity"}) {
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> new KafkaProtocolBuilder().params(d(bad)).protocol(),
              bad);
      assertEquals(
          "-Dtrace.sampleRatio="
              + bad
              + ": the sampling ratio must be a number from 0 to 1 (0.01 traces 1 % of the records)",
          e.getMessage());
    }
    assertEquals(
        "traceSampleRatio(2.0): the sampling ratio must be a number from 0 to 1 (0.01 traces 1 %"
            + " of the records)",
        assertThrows(KafkaLoadConfigException.class, () -> KafkaDsl.kafka().traceSampleRatio(2))
            .getMessage());
    assertThrows(
        KafkaLoadConfigException.class, () -> KafkaDsl.kafka().traceSampleRatio(Double.NaN));
  }
}
