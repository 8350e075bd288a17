package kafkaload.internal.semantic.traffic.generate;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.SplittableRandom;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

class GenSpecTest {
  private static GenSpec parse(String text) {
    return GenSpec.of("-Dvalue.fields").withFields(text);
  }

  @Test
  void theKnobTextNamesEachFieldsGenerator() {
    GenSpec s =
        parse(
            "qty=range:1..10;price=range:0.5..2;sku=oneOf:A|B;orderId=sequence:o-;id=sequence:100;"
                + "neg=sequence:-5;note=regex:[A-Z]{3}=x;coupon=null:0.2;coupon=regex:C[0-9]");
    assertEquals(new FieldGen.Range(1, 10, true), s.fields().get("qty").gen());
    assertEquals(new FieldGen.Range(0.5, 2, false), s.fields().get("price").gen());
    assertEquals(new FieldGen.OneOf(List.of("A", "B")), s.fields().get("sku").gen());
    assertEquals(new FieldGen.Sequence("o-", 1), s.fields().get("orderId").gen());
    assertEquals(new FieldGen.Sequence("", 100), s.fields().get("id").gen());
    assertEquals(new FieldGen.Sequence("", -5), s.fields().get("neg").gen());
    assertEquals(new FieldGen.Regex("[A-Z]{3}=x"), s.fields().get("note").gen());
    assertEquals(new FieldRule(new FieldGen.Regex("C[0-9]"), 0.2), s.fields().get("coupon"));
  }

  @Test
  void aBadEntryIsAnErrorNamingTheKnobAndTheField() {
    for (String[] bad :
        new String[][] {
          {"qty=range:1-10", "field 'qty'"},
          {"qty=range:a..b", "field 'qty'"},
          {"qty=range:10..1", "field 'qty'"},
          {"coupon=null:lots", "field 'coupon'"},
          {"coupon=null:1.5", "field 'coupon'"},
          {"sku=pick:A", "field 'sku'"},
          {"sku", "'sku'"},
          {"=oneOf:A", "'=oneOf:A'"}
        }) {
      String m =
          assertThrows(KafkaLoadConfigException.class, () -> parse(bad[0]), bad[0]).getMessage();
      assertTrue(m.startsWith("-Dvalue.fields") && m.contains(bad[1]), bad[0] + ": " + m);
    }
  }

  @Test
  void regexStringsMatchTheirExpression() {
    SplittableRandom r = new SplittableRandom(1);
    for (String regex : new String[] {"[A-Z]{3}-[0-9]{4}", "(ab|cd)+x?", "a.*b", "[0-9]{2,5}"}) {
      RegexStrings s = new RegexStrings(regex);
      for (int i = 0; i < 500; i++) {
        String v = s.draw(r, 0);
        assertTrue(v.matches(regex), regex + ": " + v);
        assertTrue(s.matches(v));
      }
    }
    assertThrows(IllegalArgumentException.class, () -> new RegexStrings("[a-"));
  }
}
