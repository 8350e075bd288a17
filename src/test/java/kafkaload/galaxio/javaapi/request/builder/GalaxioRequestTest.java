package kafkaload.galaxio.javaapi.request.builder;

import static kafkaload.galaxio.javaapi.KafkaDsl.*;
import static org.junit.jupiter.api.Assertions.*;

import io.gatling.core.session.Session$;
import io.gatling.javaapi.core.Session;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.junit.jupiter.api.Test;

/**
 * galaxio's request builders without a broker: the bytes of each key and value type, EL, the
 * matching by message, and what is refused where the simulation names it.
 */
class GalaxioRequestTest {
  private static final Session SESSION =
      new Session(Session$.MODULE$.apply("scn", 1L, null).set("id", "o-7"));
  private static final Function<Session, String> TOPIC = s -> "t";

  private static Object bytes(ExpressionBuilder<?> e) {
    return Values.bytes(e, TOPIC).apply(SESSION);
  }

  @Test
  void eachTypeIsWrittenByKafkasSerdeForItAndAStringIsEl() {
    assertArrayEquals(
        "k-o-7".getBytes(StandardCharsets.UTF_8), (byte[]) bytes(stringExp("k-#{id}")));
    assertArrayEquals(
        Serdes.Float().serializer().serialize("t", 1.5f), (byte[]) bytes(floatExp(1.5f)));
    assertArrayEquals(
        Serdes.Double().serializer().serialize("t", 2.5), (byte[]) bytes(doubleExp(2.5)));
    assertArrayEquals(
        Serdes.Short().serializer().serialize("t", (short) 3), (byte[]) bytes(shortExp((short) 3)));
    assertArrayEquals(
        Serdes.Integer().serializer().serialize("t", 4), (byte[]) bytes(integerExp(4)));
    assertArrayEquals(Serdes.Long().serializer().serialize("t", 5L), (byte[]) bytes(longExp(5L)));
    assertArrayEquals(
        new byte[] {1, 2}, (byte[]) bytes(byteBufferExp(ByteBuffer.wrap(new byte[] {1, 2}))));
    assertArrayEquals(new byte[] {3}, (byte[]) bytes(bytesExp(Bytes.wrap(new byte[] {3}))));
    assertArrayEquals(new byte[] {4}, (byte[]) bytes(byteArrayExp(new byte[] {4})));
    assertNull(bytes(stringExp(cf((String) null))), "a null key is no key");
    // A String from a function is EL too, as galaxio resolves it.
    assertArrayEquals(
        "o-7".getBytes(StandardCharsets.UTF_8), (byte[]) bytes(stringExp(s -> "#{id}")));
    IllegalStateException missing =
        assertThrows(IllegalStateException.class, () -> bytes(stringExp("#{absent}")));
    assertTrue(missing.getMessage().contains("absent"), missing.getMessage());
  }

  @Test
  void aPerSessionReplyTopicAndAClassWithoutASerdeAreRefusedWhereNamed() {
    KafkaLoadConfigException el =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> kafka("rr").requestReply().requestTopic("in").replyTopic("out-#{id}"));
    assertTrue(
        el.getMessage().contains("galaxio resolves the reply topic per session"), el.getMessage());
    assertTrue(el.getMessage().endsWith("replyTopic(\"replies\")"), el.getMessage());
    assertThrows(
        KafkaLoadConfigException.class,
        () -> kafka("rr").requestReply().requestTopic("in").replyTopic(s -> "out"));
    KafkaLoadConfigException noSerde =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> kafka("p").topic("t").sendWithClass(Map.of(), (Class) Map.class));
    assertTrue(
        noSerde.getMessage().contains("Kafka has no built-in serde for java.util.Map"),
        noSerde.getMessage());
    assertThrows(KafkaLoadConfigException.class, () -> kafka("p").topic(""));
  }

  @Test
  void confluentsAvroIsRefusedNamingThisProjectsAvro() {
    KafkaLoadConfigException client =
        assertThrows(KafkaLoadConfigException.class, () -> avro(new Object(), new Object()));
    assertTrue(
        client.getMessage().contains("kafkaload.KafkaDsl.avro(\"schemas/x.avsc\", json)"),
        client.getMessage());
    KafkaLoadConfigException body = assertThrows(KafkaLoadConfigException.class, () -> avroBody());
    assertTrue(body.getMessage().contains(".decoded()"), body.getMessage());
  }

  @Test
  void theTinkoffSendsTakeKafkasSerdeOfTheValuesClassOrAreRefused() {
    assertNotNull(kafka("t").send("k-#{id}", 1.5f));
    assertNotNull(kafka("t").send(ByteBuffer.wrap(new byte[] {1}), new RecordHeaders()));
    assertNotNull(kafka("t").send(7L));
    KafkaLoadConfigException refused =
        assertThrows(KafkaLoadConfigException.class, () -> kafka("t").send(new Object()));
    assertTrue(
        refused.getMessage().contains("Kafka has no built-in serde for java.lang.Object"),
        refused.getMessage());
    KafkaLoadConfigException serializer =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                kafka()
                    .topic("t")
                    .properties(
                        Map.of(
                            "value.serializer",
                            "io.confluent.kafka.serializers.KafkaAvroSerializer")));
    assertTrue(
        serializer.getMessage().contains("is not one of Kafka's own serializers"),
        serializer.getMessage());
    assertNotNull(
        kafka()
            .topic("t")
            .properties(
                Map.of(
                    "value.serializer", "org.apache.kafka.common.serialization.StringSerializer")));
  }

  @Test
  void matchByMessageComparesTheExtractsOfRequestAndReply() {
    RequestReplyBuilder<String, String> rr =
        kafka("rr").requestReply().requestTopic("in").replyTopic("out").send("k", "v");
    var byHeader =
        rr.byMessage(
            m ->
                m.headers().isDefined() && m.headers().get().lastHeader("c") != null
                    ? m.headers().get().lastHeader("c").value()
                    : null);
    ProducerRecord<byte[], byte[]> request =
        new ProducerRecord<>(
            "in",
            null,
            null,
            new byte[] {1},
            new byte[] {2},
            new RecordHeaders().add("c", new byte[] {7}));
    ConsumerRecord<byte[], byte[]> same = reply(new byte[] {7});
    ConsumerRecord<byte[], byte[]> other = reply(new byte[] {8});
    ConsumerRecord<byte[], byte[]> none = reply(null);
    assertTrue(byHeader.test(request, same));
    assertFalse(byHeader.test(request, other));
    assertFalse(byHeader.test(request, none), "no extract matches nothing");
    // The request is seen with its topics as galaxio gives them: sent to "in", awaited on "out".
    var topics =
        rr.byMessage(
            m -> (m.producerTopic() + ">" + m.consumerTopic()).getBytes(StandardCharsets.UTF_8));
    assertTrue(topics.test(request, same));
  }

  private static ConsumerRecord<byte[], byte[]> reply(byte[] corr) {
    ConsumerRecord<byte[], byte[]> r =
        new ConsumerRecord<>("out", 0, 0L, new byte[] {1}, new byte[] {2});
    if (corr != null) {
      r.headers().add("c", corr);
    }
    return r;
  }
}
