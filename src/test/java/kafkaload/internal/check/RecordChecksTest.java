package kafkaload.internal.check;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.header;
import static kafkaload.KafkaDsl.key;
import static kafkaload.KafkaDsl.onHeader;
import static kafkaload.KafkaDsl.onKey;
import static kafkaload.KafkaDsl.schemaId;
import static kafkaload.KafkaDsl.schemaSubject;
import static kafkaload.KafkaDsl.simpleCheck;
import static org.junit.jupiter.api.Assertions.*;

import io.gatling.core.session.Session;
import io.gatling.core.session.Session$;
import io.gatling.javaapi.core.CheckBuilder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import kafkaload.internal.check.RecordChecks.RecordCondition;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Gatling's checks on real ConsumerRecords, through the same RecordChecks the actions use: every
 * check and chain step passing, and failing with Gatling's own message.
 */
class RecordChecksTest {
  static final String JSON =
      "{\"status\":\"OK\",\"n\":7,\"m\":\"x\",\"items\":[{\"id\":\"a\"},{\"id\":\"b\"}]}";
  static final Session SESSION = Session$.MODULE$.apply("checks", 1L, null).set("want", "OK");

  static ConsumerRecord<byte[], byte[]> record(String key, String value, String... headers) {
    RecordHeaders h = new RecordHeaders();
    for (int i = 0; i < headers.length; i += 2) {
      h.add(headers[i], utf8(headers[i + 1]));
    }
    return record(key == null ? null : utf8(key), value == null ? null : utf8(value), h);
  }

  static ConsumerRecord<byte[], byte[]> record(byte[] key, byte[] value, RecordHeaders h) {
    return new ConsumerRecord<>(
        "t", 0, 0L, 0L, TimestampType.CREATE_TIME, -1, -1, key, value, h, Optional.empty());
  }

  static final ConsumerRecord<byte[], byte[]> REC =
      record(
          "order-17",
          JSON,
          "corr",
          "c-1",
          "hop",
          "h1",
          "hop",
          "h2",
          "meta",
          "{\"tenant\":\"acme\"}");

  @BeforeAll
  static void gatlingConfiguration() {
    GatlingConfigForTests.ensure();
  }

  static RecordChecks.Outcome run(ConsumerRecord<byte[], byte[]> r, CheckBuilder... checks) {
    return RecordChecks.of(List.of(checks)).apply(r, SESSION);
  }

  /** Passes, and the session the checks leave. */
  static Session pass(ConsumerRecord<byte[], byte[]> r, CheckBuilder... checks) {
    RecordChecks.Outcome o = run(r, checks);
    assertNull(o.failure(), o.failure());
    return o.session();
  }

  static String fail(ConsumerRecord<byte[], byte[]> r, CheckBuilder... checks) {
    String failure = run(r, checks).failure();
    assertNotNull(failure, "the check should fail");
    return failure;
  }

  @Test
  void bodyStringBodyBytesBodyLength() {
    pass(REC, bodyString().is(JSON), bodyBytes().is(utf8(JSON)), bodyLength().is(JSON.length()));
    // Gatling logs no body's content in its messages.
    assertEquals("bodyString.find.is(nope), failed", fail(REC, bodyString().is("nope")));
    assertEquals("bodyLength.find.is(3), failed", fail(REC, bodyLength().is(3)));
    assertTrue(fail(REC, bodyBytes().is(utf8("ab"))).startsWith("bodyBytes.find.is("));
  }

  @Test
  void aTombstoneFailsThePreparationNamingWhy() {
    assertEquals(
        "bodyString.find.exists preparation crashed: the record has no value (a tombstone)",
        fail(record("k", null), bodyString()));
  }

  @Test
  void jsonPathFindFindNFindAllCountAndGatlingsMessage() {
    pass(
        REC,
        jsonPath("$.status").is("OK"),
        jsonPath("$.items[*].id").find(1).is("b"),
        jsonPath("$.items[*].id").findAll().is(List.of("a", "b")),
        jsonPath("$.items[*]").count().is(2),
        jsonPath("$.n").ofInt().is(7));
    assertEquals("jsonPath($.m).find.is(dkf), found x", fail(REC, jsonPath("$.m").is("dkf")));
    assertEquals("jsonPath($.absent).find.exists, found nothing", fail(REC, jsonPath("$.absent")));
    assertTrue(
        fail(record("k", "not json"), jsonPath("$.a"))
            .startsWith("jsonPath($.a).find.exists preparation crashed: Could not parse"));
  }

  @Test
  void jmesPathChecks() {
    pass(REC, jmesPath("items[1].id").is("b"), jmesPath("n").ofInt().gt(5));
    assertEquals("jmesPath(status).find.is(KO), found OK", fail(REC, jmesPath("status").is("KO")));
  }

  @Test
  void substringAndRegex() {
    pass(
        REC,
        substring("\"id\"").count().is(2),
        substring("status").find().is(2),
        regex("\"id\":\"(\\w)\"").findAll().is(List.of("a", "b")),
        regex("\"n\":(\\d+)").is("7"),
        regex("\"id\"").count().is(2));
    assertEquals("substring(zzz).find.exists, found nothing", fail(REC, substring("zzz")));
    assertEquals("regex(x(\\d+)y).find.exists, found nothing", fail(REC, regex("x(\\d+)y")));
  }

  @Test
  void validationSteps() {
    pass(
        REC,
        jsonPath("$.status").exists(),
        jsonPath("$.absent").notExists(),
        jsonPath("$.status").not("KO"),
        jsonPath("$.status").in("OK", "ACCEPTED"),
        jsonPath("$.status").isEL("#{want}"),
        jsonPath("$.n").ofInt().lt(8),
        jsonPath("$.absent").optional(),
        jsonPath("$.status").transform(String::toLowerCase).is("ok"),
        jsonPath("$.status").validate("upper", (v, s) -> v.equals(v.toUpperCase()) ? v : null));
    assertEquals(
        "jsonPath($.status).find.notExists, unexpectedly found OK",
        fail(REC, jsonPath("$.status").notExists()));
    assertEquals(
        "jsonPath($.status).find.not(OK), unexpectedly found OK",
        fail(REC, jsonPath("$.status").not("OK")));
    assertEquals(
        "jsonPath($.status).find.in(KO,NO), found OK",
        fail(REC, jsonPath("$.status").in("KO", "NO")));
    assertEquals(
        "jsonPath($.status).find.isNull, found OK", fail(REC, jsonPath("$.status").isNull()));
    pass(record("k", "{\"a\":null}"), jsonPath("$.a").isNull());
    assertEquals(
        "jsonPath($.status).find.transformOption.is(ok!), found ok",
        fail(REC, jsonPath("$.status").transform(String::toLowerCase).is("ok!")));
    // Gatling's Java validate: the function returns the value, or throws to fail the check.
    String invalid =
        fail(
            REC,
            jsonPath("$.status")
                .validate(
                    "lower",
                    (v, s) -> {
                      if (!v.equals(v.toLowerCase())) {
                        throw new IllegalArgumentException("not lower case: " + v);
                      }
                      return v;
                    }));
    assertTrue(
        invalid.startsWith("jsonPath($.status).find.lower")
            && invalid.contains("not lower case: OK"),
        invalid);
  }

  @Test
  void nameReplacesTheCheckInTheMessage() {
    String failure = fail(REC, jsonPath("$.status").is("KO").name("status is KO"));
    assertTrue(failure.startsWith("status is KO, "), failure);
    assertTrue(failure.endsWith("found OK"), failure);
  }

  @Test
  void saveAsSavesOnlyWhatWasFoundAndTheFirstFailureIsReported() {
    Session s = pass(REC, jsonPath("$.status").saveAs("status"), key().saveAs("k"));
    assertEquals("OK", s.attributes().apply("status"));
    assertEquals("order-17", s.attributes().apply("k"));
    RecordChecks.Outcome o =
        run(
            REC,
            jsonPath("$.absent").saveAs("absent"),
            jsonPath("$.m").is("y"),
            jsonPath("$.n").ofInt().saveAs("n"));
    assertEquals("jsonPath($.absent).find.exists, found nothing", o.failure());
    assertFalse(o.session().contains("absent"));
    assertEquals(7, o.session().attributes().apply("n"), "the checks after a failure still run");
    assertTrue(
        pass(REC, jsonPath("$.absent").optional().saveAs("o")).attributes().get("o").isEmpty());
  }

  @Test
  void keyAndHeadersAreSourcesOfTheirOwn() {
    pass(
        REC,
        key().is("order-17"),
        key().transform(k -> k.substring(6)).is("17"),
        header("corr").is("c-1"),
        header("hop").find(1).is("h2"),
        header("hop").findAll().is(List.of("h1", "h2")),
        header("hop").count().is(2),
        header("absent").notExists(),
        header("absent").count().is(0));
    assertEquals("key.find.is(other), found order-17", fail(REC, key().is("other")));
    assertEquals("header(absent).find.exists, found nothing", fail(REC, header("absent")));
    pass(record(null, "v"), key().notExists());
    assertEquals("key.find.exists, found nothing", fail(record(null, "v"), key()));
  }

  @Test
  void anyCheckOnTheKeyOrAHeader() {
    ConsumerRecord<byte[], byte[]> r =
        record("{\"id\":\"7\"}", "v", "meta", "{\"tenant\":\"acme\"}", "trace", "t-42");
    Session s =
        pass(
            r,
            onKey(jsonPath("$.id").is("7")),
            onHeader("meta", jmesPath("tenant").is("acme")),
            onHeader("trace", regex("t-(\\d+)").saveAs("traceNo")));
    assertEquals("42", s.attributes().apply("traceNo"));
    assertEquals(
        "on key: jsonPath($.id).find.is(8), found 7", fail(r, onKey(jsonPath("$.id").is("8"))));
    assertEquals("on key: the record has no key", fail(record(null, "v"), onKey(bodyString())));
    assertEquals(
        "on header(nope): the record has no header(nope)", fail(r, onHeader("nope", bodyString())));
  }

  @Test
  void schemaIdFromTheFramingAndTheSubjectOnlyWhenDecoded() {
    byte[] framed =
        ByteBuffer.allocate(7).put((byte) 0).putInt(42).put((byte) 1).put((byte) 2).array();
    pass(record(null, framed, new RecordHeaders()), schemaId().is("42"));
    // A schema-id header without a value is no id: the framing's, or nothing; never a crash.
    RecordHeaders empty = new RecordHeaders();
    empty.add(DecodeSpec.SCHEMA_ID_HEADER, null);
    pass(record(null, framed, empty), schemaId().is("42"));
    pass(record(null, utf8("{}"), empty), schemaId().notExists());
    RecordHeaders decoded = new RecordHeaders();
    decoded.add(DecodeSpec.SUBJECT_HEADER, utf8("orders-value"));
    pass(record(null, utf8("{}"), decoded), schemaSubject().is("orders-value"));
    assertEquals(
        "schemaSubject.find.exists extraction crashed: the record was not decoded: add .decoded() to know its subject",
        fail(REC, schemaSubject()));
  }

  @Test
  void simpleCheckIsAPredicateOnTheRecord() {
    pass(REC, simpleCheck(r -> r.key() != null));
    assertEquals("Kafka check failed", fail(REC, simpleCheck(r -> r.key() == null)));
    assertTrue(
        fail(
                REC,
                simpleCheck(
                    r -> {
                      throw new IllegalStateException("boom");
                    }))
            .startsWith("simpleCheck crashed: java.lang.IllegalStateException: boom"));
  }

  @Test
  void checkIfSkipsTheChecksWhenItsConditionDoesNotHold() {
    List<CheckBuilder> failing = List.of(jsonPath("$.status").is("never"));
    Session off = SESSION.set("strict", false);
    Session on = SESSION.set("strict", true);
    assertNull(RecordChecks.of(failing, RecordCondition.el("#{strict}")).apply(REC, off).failure());
    assertEquals(
        "jsonPath($.status).find.is(never), found OK",
        RecordChecks.of(failing, RecordCondition.el("#{strict}")).apply(REC, on).failure());
    assertNull(
        RecordChecks.of(failing, RecordCondition.of((r, s) -> r.key() == null))
            .apply(REC, on)
            .failure());
    assertNotNull(
        RecordChecks.of(failing, RecordCondition.of(s -> s.getBoolean("strict")))
            .apply(REC, on)
            .failure());
  }

  @Test
  void checkTypesRecordsDoNotHaveAreRefusedWhenBuilt() {
    String msg =
        assertThrows(KafkaLoadConfigException.class, () -> RecordChecks.of(List.of(css("a"))))
            .getMessage();
    assertTrue(msg.contains("Kafka records do not support Gatling's Css check"), msg);
    assertThrows(KafkaLoadConfigException.class, () -> RecordChecks.of(List.of(xpath("/a"))));
    assertThrows(KafkaLoadConfigException.class, () -> onKey(md5().is("x")));
    // The action builders refuse them when the simulation is built, before any load.
    assertThrows(
        KafkaLoadConfigException.class,
        () -> kafkaload.KafkaDsl.kafka("rr").send("k", "v").replyOn("replies").check(css("a")));
    assertThrows(
        KafkaLoadConfigException.class,
        () -> kafkaload.KafkaDsl.kafka("c").consume("t").matchKey("k").check(xpath("/a")));
    assertThrows(
        KafkaLoadConfigException.class,
        () -> kafkaload.KafkaDsl.kafka("c").consume("t").checkIf("#{on}").then(css("a")));
  }

  @Test
  void aMalformedExpressionIsRefusedWhenBuiltNotAtEveryRequest() {
    for (CheckBuilder bad : List.of(jsonPath("$[").is("x"), jmesPath("items["), regex("("))) {
      String msg =
          assertThrows(KafkaLoadConfigException.class, () -> RecordChecks.of(List.of(bad)))
              .getMessage();
      assertTrue(msg.contains("not valid"), msg);
    }
    assertTrue(
        assertThrows(
                KafkaLoadConfigException.class,
                () -> kafkaload.KafkaDsl.kafka("c").consume("t").matchJsonPath("$[", "x"))
            .getMessage()
            .startsWith("jsonPath($[).find.is(x) extraction crashed"));
    // EL the build cannot resolve, and a user's transform on made-up data, are not judged.
    RecordChecks.of(List.of(jsonPath("#{path}").is("OK")));
    RecordChecks.of(List.of(jsonPath("$").transform(v -> Integer.parseInt(v)).gt(1)));
    RecordChecks.of(
        List.of(bodyString().validate("n", (v, s) -> String.valueOf(Integer.parseInt(v)))));
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
