package kafkaload.internal.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.core.session.Session;
import io.gatling.core.session.Session$;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Reply checks on hand-built records: each extraction, is(..) with text, bytes and EL, saveAs, and
 * their messages.
 */
class RecordCheckTest {
  private static final Session SESSION = Session$.MODULE$.apply("scn", 1L, null).set("want", "OK");
  private final Map<String, Object> saves = new HashMap<>();

  private static ConsumerRecord<byte[], byte[]> record(String key, String value) {
    return new ConsumerRecord<>(
        "replies", 0, 0L, key == null ? null : utf8(key), value == null ? null : utf8(value));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private String apply(RecordCheck check, ConsumerRecord<byte[], byte[]> r) {
    return check.apply(r, SESSION, saves);
  }

  @Test
  void jsonPathTakesTheFirstMatchAsTextOrJson() {
    String json =
        "{\"status\":\"OK\",\"n\":3,\"o\":{\"a\":1},\"items\":[{\"id\":\"a\"},{\"id\":\"b\"}]}";
    assertNull(apply(RecordCheck.jsonPath("$.status").is("OK"), record(null, json)));
    assertNull(apply(RecordCheck.jsonPath("$.n").is(3), record(null, json)), "compared as text");
    assertNull(apply(RecordCheck.jsonPath("$.o").saveAs("o"), record(null, json)));
    assertNull(apply(RecordCheck.jsonPath("$.items[*].id").saveAs("first"), record(null, json)));
    assertEquals(Map.of("o", "{\"a\":1}", "first", "a"), saves);
    assertEquals(
        "jsonPath($.missing): found nothing",
        apply(RecordCheck.jsonPath("$.missing"), record(null, json)));
  }

  @Test
  void aMismatchNamesBothValuesAndSavesNothing() {
    String r =
        apply(
            RecordCheck.jsonPath("$.status").is("OK").saveAs("s"),
            record(null, "{\"status\":\"FAILED\"}"));
    assertEquals("jsonPath($.status): found 'FAILED', expected 'OK'", r);
    assertEquals(Map.of(), saves);
  }

  @Test
  void aReplyThatIsNotJsonFailsTheCheckNotTheUser() {
    String r = apply(RecordCheck.jsonPath("$.a"), record(null, "nope"));
    assertTrue(
        r.startsWith("jsonPath($.a) failed: IllegalArgumentException: the reply is not JSON: "), r);
  }

  @Test
  void jmesPath() {
    String json = "{\"items\":[{\"id\":\"a\"},{\"id\":\"b\"}],\"x\":null}";
    assertNull(apply(RecordCheck.jmesPath("items[1].id").saveAs("id"), record(null, json)));
    assertEquals("b", saves.get("id"));
    assertEquals(
        "jmesPath(x): found nothing", apply(RecordCheck.jmesPath("x"), record(null, json)));
    assertEquals(
        "jmesPath(items[0]): found '{\"id\":\"a\"}', expected 'a'",
        apply(RecordCheck.jmesPath("items[0]").is("a"), record(null, json)));
    String e =
        assertThrows(KafkaLoadConfigException.class, () -> RecordCheck.jmesPath("items["))
            .getMessage();
    assertTrue(e.startsWith("jmesPath(\"items[\") is not a valid JMESPath expression: "), e);
  }

  @Test
  void regexTakesTheFirstGroupElseTheWholeMatch() {
    assertNull(apply(RecordCheck.regex("id=(\\d+)").is("42"), record(null, "x id=42 id=7")));
    assertNull(apply(RecordCheck.regex("\\d+").saveAs("n"), record(null, "ab 7 cd 42")));
    assertEquals("7", saves.get("n"));
    assertEquals("regex(z+): found nothing", apply(RecordCheck.regex("z+"), record(null, "abc")));
    assertEquals("regex(a): found nothing", apply(RecordCheck.regex("a"), record(null, null)));
  }

  @Test
  void substringExtractsTheIndexOfTheFirstOccurrence() {
    assertNull(apply(RecordCheck.substring("lo").saveAs("i"), record(null, "hello, lo")));
    assertEquals(3, saves.get("i"));
    assertNull(apply(RecordCheck.substring("lo").is("3"), record(null, "hello")));
    assertEquals(
        "substring(zz): found nothing", apply(RecordCheck.substring("zz"), record(null, "hello")));
  }

  @Test
  void headerTakesTheLastOfItsNameAndKeyTheKey() {
    ConsumerRecord<byte[], byte[]> r = record("k1", "v");
    r.headers().add("h", utf8("first")).add("h", utf8("last")).add("none", null);
    assertNull(apply(RecordCheck.header("h").is("last"), r));
    assertEquals("header(none): found nothing", apply(RecordCheck.header("none"), r));
    assertEquals("header(x): found nothing", apply(RecordCheck.header("x"), r));
    assertNull(apply(RecordCheck.key().is("k1"), r));
    assertEquals("key: found nothing", apply(RecordCheck.key(), record(null, "v")));
  }

  @Test
  void bodyBytesCompareByContentAndNeverEqualText() {
    ConsumerRecord<byte[], byte[]> r = record(null, "ab");
    assertNull(apply(RecordCheck.bodyBytes().is(utf8("ab")), r));
    assertEquals(
        "bodyBytes: found 2 bytes, expected 2 bytes",
        apply(RecordCheck.bodyBytes().is(utf8("ac")), r));
    assertEquals(
        "bodyBytes: found 2 bytes, expected 'ab'", apply(RecordCheck.bodyBytes().is("ab"), r));
    assertNull(apply(RecordCheck.bodyString().is("ab"), r));
    assertEquals("bodyString: found nothing", apply(RecordCheck.bodyString(), record(null, null)));
  }

  @Test
  void anExpectedElIsResolvedFromTheSession() {
    ConsumerRecord<byte[], byte[]> r = record(null, "{\"status\":\"OK\"}");
    assertNull(apply(RecordCheck.jsonPath("$.status").is("#{want}"), r));
    assertEquals(
        "jsonPath($.status): the expected value #{other} cannot be resolved: No attribute named 'other' "
            + "is defined",
        apply(RecordCheck.jsonPath("$.status").is("#{other}"), r));
  }

  @Test
  void aMalformedElIsRefusedWhenTheCheckIsBuilt() {
    String e =
        assertThrows(
                KafkaLoadConfigException.class, () -> RecordCheck.bodyString().is("#{unclosed"))
            .getMessage();
    assertTrue(e.startsWith("\"#{unclosed\" is not a valid Gatling EL expression: "), e);
  }

  @Test
  void isAndSaveAsReturnNewChecks() {
    RecordCheck exists = RecordCheck.bodyString();
    RecordCheck strict = exists.is("x");
    assertNull(apply(exists, record(null, "y")), "the original still only needs a value");
    assertEquals("bodyString: found 'y', expected 'x'", apply(strict, record(null, "y")));
  }
}
