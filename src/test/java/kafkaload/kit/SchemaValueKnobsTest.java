package kafkaload.kit;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import kafkaload.Params;
import kafkaload.SchemaValue;
import org.junit.jupiter.api.Test;

/**
 * -Dvalue.schema and its knobs: a SchemaValue of generated records, or an error naming the knob.
 */
class SchemaValueKnobsTest {
  private static Object value(Map<String, String> d) {
    return RunParams.of(Params.of(d, Map.of())).value();
  }

  @Test
  void eachFormatFromTheExtension() {
    assertInstanceOf(
        SchemaValue.class,
        value(Map.of("value.schema", "schemas/order.avsc", "value.fields", "qty=range:1..10")));
    assertInstanceOf(
        SchemaValue.class,
        value(Map.of("value.schema", "schemas/order.proto", "value.schema.message", "Order")));
    assertInstanceOf(
        SchemaValue.class,
        value(Map.of("value.schema", "schemas/order.schema.json", "value.seed", "7")));
    assertInstanceOf(Function.class, value(Map.of()));
  }

  @Test
  void badKnobsAreErrorsNamingThem() {
    String m = error(() -> value(Map.of("value.schema", "schemas/order.xsd")));
    assertTrue(m.contains("-Dvalue.schema=schemas/order.xsd"), m);
    m = error(() -> value(Map.of("value.fields", "qty=range:1..2")));
    assertTrue(m.contains("-Dvalue.fields") && m.contains("-Dvalue.schema"), m);
    m = error(() -> value(Map.of("value.schema", "schemas/order.avsc", "value.seed", "x")));
    assertTrue(m.contains("-Dvalue.seed=x"), m);
    m =
        error(
            () ->
                value(
                    Map.of(
                        "value.schema", "schemas/order.avsc", "value.fields", "qty=range:9..1")));
    assertTrue(m.contains("-Dvalue.fields") && m.contains("field 'qty'"), m);
  }
}
