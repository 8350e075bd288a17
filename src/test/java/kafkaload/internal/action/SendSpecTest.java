package kafkaload.internal.action;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.core.session.Session;
import io.gatling.core.session.Session$;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * SendSpec: immutable withers, the resolved send (default topic, fire-and-forget name) and the
 * record it builds.
 */
class SendSpecTest {
  private static final Session SESSION =
      Session$.MODULE$
          .apply("scn", 7L, null)
          .set("id", "42")
          .set("t", "orders")
          .set("empty", "")
          .set("p", "3")
          .set("bad", "x1");

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(SessionValue<byte[]> v) {
    return new String(v.resolve(SESSION), StandardCharsets.UTF_8);
  }

  private static SendSpec order() {
    return SendSpec.of("order", SendSpec.bytes("v-#{id}"));
  }

  @Test
  void ofIsAKeylessSendToTheDefaultTopic() {
    SendSpec s = order();
    assertEquals("order", s.requestName());
    assertNull(s.topic());
    assertNull(s.key());
    assertEquals(List.of(), s.headers());
    assertEquals("order", s.reportedName());
  }

  @Test
  void withersChangeOneFieldAndKeepTheOthers() {
    SendSpec s =
        order()
            .withKey(SendSpec.bytes("k"))
            .withTopic(SessionValue.constant("orders"))
            .withPartition(SessionValue.constant(2))
            .withTimestamp(SessionValue.constant(99L))
            .withFireAndForget(true);
    assertEquals("order", s.requestName());
    assertEquals("k", text(s.key()));
    assertEquals("v-42", text(s.value()));
    assertEquals("orders", s.topic().resolve(SESSION));
    assertEquals(2, s.partition().resolve(SESSION));
    assertEquals(99L, s.timestamp().resolve(SESSION));
    assertTrue(s.fireAndForget());
    SendSpec other = s.withTopic(SessionValue.constant("other"));
    assertEquals("orders", s.topic().resolve(SESSION), "the original is unchanged");
    assertSame(s.key(), other.key());
    assertTrue(other.fireAndForget());
  }

  @Test
  void withHeaderAppendsWithoutMutatingTheOriginal() {
    SendSpec one = order().withHeader(new SendSpec.HeaderSpec("a", SendSpec.bytes("1")));
    SendSpec two = one.withHeader(new SendSpec.HeaderSpec("b", SendSpec.bytes("2")));
    assertEquals(List.of("a"), one.headers().stream().map(SendSpec.HeaderSpec::name).toList());
    assertEquals(List.of("a", "b"), two.headers().stream().map(SendSpec.HeaderSpec::name).toList());
    assertTrue(two.hasHeader("b"));
    assertTrue(!one.hasHeader("b"));
    assertThrows(UnsupportedOperationException.class, () -> two.headers().add(null));
  }

  @Test
  void resolvedFillsTheDefaultTopicAndMarksFireAndForget() {
    SendSpec plain = order().resolved("perf");
    assertEquals("perf", plain.topic().resolve(SESSION));
    assertEquals("order", plain.requestName());
    SendSpec ff = order().withFireAndForget(true).resolved("perf");
    assertEquals("order [fire-and-forget, not ack-timed]", ff.requestName());
    assertEquals(
        "order" + SendSpec.FIRE_AND_FORGET_SUFFIX, order().withFireAndForget(true).reportedName());
    assertEquals(
        "mine",
        order().withTopic(SessionValue.constant("mine")).resolved("perf").topic().resolve(SESSION));
    assertEquals(
        "mine",
        order().withTopic(SessionValue.constant("mine")).resolved(null).topic().resolve(SESSION));
  }

  @Test
  void noTopicAnywhereIsRefusedNamingTheRequest() {
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> order().resolved(null));
    assertEquals(
        "Send 'order' has no topic: set kafka().topic(\"...\") or .topic(\"...\") on the send",
        e.getMessage());
  }

  @Test
  void bytesOfStringsArraysFunctionsAndObjects() {
    byte[] raw = {1, 2, 3};
    assertSame(raw, SendSpec.bytes(raw).resolve(SESSION));
    assertEquals("é", text(SendSpec.bytes("é")));
    assertEquals(2, SendSpec.bytes("é").resolve(SESSION).length);
    assertEquals("id 42", text(SendSpec.bytes("id #{id}")));
    assertEquals("{\"n\":1}", text(SendSpec.bytes(Map.of("n", 1))));
    Function<io.gatling.javaapi.core.Session, Object> f = s -> s.getString("id") + "!";
    assertEquals("42!", text(SendSpec.bytes(f)));
    assertEquals("[1,2]", text(SendSpec.bytes(List.of(1, 2))));
  }

  @Test
  void recordResolvesTopicKeyPartitionTimestampAndHeaders() {
    SendSpec s =
        order()
            .withTopic(SessionValue.el("#{t}"))
            .withKey(SendSpec.bytes("k-#{id}"))
            .withPartition(SessionValue.el("#{p}"))
            .withTimestamp(SessionValue.constant(1234))
            .withHeader(new SendSpec.HeaderSpec("h", SendSpec.bytes("#{id}")));
    ProducerRecord<byte[], byte[]> r = s.record(SESSION);
    assertEquals("orders", r.topic());
    assertEquals(3, r.partition());
    assertEquals(1234L, r.timestamp());
    assertArrayEquals(utf8("k-42"), r.key());
    assertArrayEquals(utf8("v-42"), r.value());
    assertArrayEquals(utf8("42"), r.headers().lastHeader("h").value());
    ProducerRecord<byte[], byte[]> bare = order().resolved("perf").record(SESSION);
    assertNull(bare.key());
    assertNull(bare.partition());
    assertNull(bare.timestamp());
    assertEquals(0, bare.headers().toArray().length);
  }

  @Test
  void headersFromAFunctionAreAddedPerRecordBesideTheNamedOnes() {
    SendSpec s =
        order()
            .resolved("perf")
            .withHeader(new SendSpec.HeaderSpec("h", SendSpec.bytes("#{id}")))
            .withHeader(
                SendSpec.HeaderSpec.headersOf(
                    session ->
                        new org.apache.kafka.common.header.internals.RecordHeaders()
                            .add("a", utf8("1"))
                            .add("b", utf8(session.attributes().apply("id").toString()))))
            .withHeader(SendSpec.HeaderSpec.headersOf(session -> null));
    ProducerRecord<byte[], byte[]> r = s.record(SESSION);
    assertEquals(3, r.headers().toArray().length);
    assertArrayEquals(utf8("42"), r.headers().lastHeader("h").value());
    assertArrayEquals(utf8("1"), r.headers().lastHeader("a").value());
    assertArrayEquals(utf8("42"), r.headers().lastHeader("b").value());
    assertFalse(s.hasHeader("a"), "a function's headers are not known before the record");
  }

  @Test
  void unresolvableTopicsAndPartitionsNameTheReason() {
    var noTopic =
        assertThrows(
            SessionValue.Unresolved.class,
            () -> order().withTopic(SessionValue.el("#{empty}")).record(SESSION));
    assertEquals("no topic: set kafka().topic(..) or .topic(..) on the send", noTopic.getMessage());
    var badPartition =
        assertThrows(
            SessionValue.Unresolved.class,
            () -> order().resolved("t").withPartition(SessionValue.el("#{bad}")).record(SESSION));
    assertEquals("partition 'x1' is not a whole number", badPartition.getMessage());
    var missing =
        assertThrows(
            SessionValue.Unresolved.class,
            () -> SendSpec.of("r", SendSpec.bytes("#{nope}")).resolved("t").record(SESSION));
    assertEquals("No attribute named 'nope' is defined", missing.getMessage());
  }
}
