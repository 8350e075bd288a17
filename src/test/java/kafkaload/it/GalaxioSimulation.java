package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.galaxio.javaapi.KafkaDsl.*;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import kafkaload.echo.EchoService;
import kafkaload.galaxio.javaapi.protocol.KafkaProtocolBuilder;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;

/**
 * A simulation written in galaxio's Java DSL, its imports' prefix {@code kafkaload.galaxio}: every
 * send form once (to -DsendTopic, read back by {@link GalaxioIT}), then request-replies against the
 * echo service (requests on -DrequestTopic, replies on -DreplyTopic) matched by galaxio's {@code
 * matchByMessage}: a correlation header when the request has one, else the key. Requests to
 * -DsilentTopic, which nothing answers, time out after the protocol's 3 s.
 */
public class GalaxioSimulation extends Simulation {
  static final int RR_USERS = 2;

  String sendTopic = System.getProperty("sendTopic");
  String requestTopic = System.getProperty("requestTopic");
  String replyTopic = System.getProperty("replyTopic");
  String silentTopic = System.getProperty("silentTopic");

  /** The reply's correlation: the "corr" header, else the key (galaxio's matchByMessage). */
  static byte[] correlation(KafkaProtocolMessage m) {
    if (m.headers().isDefined()) {
      Header corr = m.headers().get().lastHeader("corr");
      if (corr != null) {
        return corr.value();
      }
    }
    return m.key();
  }

  KafkaProtocolBuilder protocol =
      kafka()
          .producerSettings(
              Map.of(
                  ProducerConfig.ACKS_CONFIG,
                  "all",
                  // galaxio writes byte[] whatever the serializers say, and so does this port
                  ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                  "org.apache.kafka.common.serialization.StringSerializer"))
          .consumeSettings(
              Map.of(
                  ConsumerConfig.GROUP_ID_CONFIG, "galaxio-it",
                  ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"))
          .timeout(Duration.ofSeconds(3))
          .matchByMessage(GalaxioSimulation::correlation);

  Headers constantHeaders =
      new RecordHeaders().add("h", "constant".getBytes(StandardCharsets.UTF_8));

  static Headers perSession(Session s) {
    return new RecordHeaders()
        .add("n", s.getString("n").getBytes(StandardCharsets.UTF_8))
        .add("corr", s.getString("id").getBytes(StandardCharsets.UTF_8));
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  ScenarioBuilder sends =
      scenario("galaxio sends")
          .exec(session -> session.set("n", "7").set("id", "send"))
          .exec(kafka("string key value EL").topic(sendTopic).send("k-#{n}", "v-#{n}"))
          .exec(kafka("constant headers").topic(sendTopic).send("k2", "v2", constantHeaders))
          .exec(
              kafka("headers per session")
                  .topic(sendTopic)
                  .send("k3", "v3", GalaxioSimulation::perSession))
          .exec(kafka("float key").topic(sendTopic).send(1.5f, stringExp("float key")))
          .exec(kafka("double value").topic(sendTopic).send(stringExp("double value"), 2.5d))
          .exec(kafka("short key").topic(sendTopic).send((short) 3, stringExp("short key")))
          .exec(kafka("integer value").topic(sendTopic).send(stringExp("integer value"), 42))
          .exec(kafka("long key").topic(sendTopic).send(7L, stringExp("long key")))
          .exec(
              kafka("bytebuffer value")
                  .topic(sendTopic)
                  .send(stringExp("bytebuffer value"), ByteBuffer.wrap(new byte[] {1, 2, 3})))
          .exec(
              kafka("bytes key")
                  .topic(sendTopic)
                  .send(Bytes.wrap(new byte[] {9, 8}), stringExp("bytes key")))
          .exec(
              kafka("bytearray value")
                  .topic(sendTopic)
                  .send(stringExp("bytearray value"), new byte[] {5, 6}))
          .exec(kafka("integer long").topic(sendTopic).send(11, 12L))
          .exec(kafka("string double").topic(sendTopic).send("true", 12.0))
          .exec(kafka("value only").topic(sendTopic).send("value only #{n}"))
          .exec(kafka("value headers").topic(sendTopic).send("value headers", constantHeaders))
          .exec(kafka("integer only").topic(sendTopic).send(13))
          .exec(kafka("long only").topic(sendTopic).send(14L))
          .exec(kafka("with class").topic(sendTopic).sendWithClass(15.5f, Float.class))
          .exec(
              kafka("expressions")
                  .topic(sendTopic)
                  .send(
                      integerExp(s -> Integer.parseInt(s.getString("n"))),
                      longExp(s -> 100L + Integer.parseInt(s.getString("n"))),
                      GalaxioSimulation::perSession))
          .exec(
              kafka("more expressions")
                  .topic(sendTopic)
                  .send(shortExp(cf((short) 16)), doubleExp(s -> 17.5), constantHeaders))
          .exec(
              kafka("byte expressions")
                  .topic(sendTopic)
                  .send(
                      byteArrayExp(s -> utf8("ba-" + s.getString("n"))),
                      byteBufferExp(s -> ByteBuffer.wrap(utf8("bb"))),
                      constantHeaders))
          .exec(
              kafka("bytes and float expressions")
                  .topic(sendTopic)
                  .send(bytesExp(s -> Bytes.wrap(utf8("by"))), floatExp(s -> 18.5f)))
          .exec(
              kafka("custom serializer")
                  .topic(sendTopic)
                  .send(
                      stringExp(cf("custom serializer")),
                      avro(
                          s -> "upper #{n}",
                          (topic, data) -> data.toString().toUpperCase().getBytes(),
                          (topic, data) -> new String(data))));

  ScenarioBuilder requestReply =
      scenario("galaxio request-reply")
          .exec(session -> session.set("n", "1").set("id", UUID.randomUUID().toString()))
          .exec(
              kafka("rr strings")
                  .requestReply()
                  .requestTopic(requestTopic)
                  .replyTopic(replyTopic)
                  .send("#{id}", "{\"m\":\"dkf\"}"))
          .exec(
              kafka("rr classes")
                  .requestReply()
                  .requestTopic(requestTopic)
                  .replyTopic(replyTopic)
                  .send("c-#{id}", "{\"m\":\"dkf\"}", constantHeaders, String.class, String.class)
                  .check(jsonPath("$.m").is("dkf"), bodyString().saveAs("reply")))
          .exec(
              kafka("rr gatling check fails")
                  .requestReply()
                  .requestTopic(requestTopic)
                  .replyTopic(replyTopic)
                  .send("g-#{id}", "{\"m\":\"dkf\"}")
                  .check(jsonPath("$.m").is("nope")))
          .exec(
              kafka("rr headers per session")
                  .requestReply()
                  .requestTopic(requestTopic)
                  .replyTopic(replyTopic)
                  .send(stringExp("key"), integerExp(21), GalaxioSimulation::perSession)
                  .check(
                      simpleCheck(
                          m ->
                              m.value().length == 4
                                  && m.producerTopic().equals(requestTopic)
                                  && m.consumerTopic().equals(replyTopic))))
          .exec(
              session -> {
                System.out.println("GALAXIO-SAVED " + session.getString("reply"));
                return session;
              })
          .exec(
              kafka("rr simpleCheck fails")
                  .requestReply()
                  .requestTopic(requestTopic)
                  .replyTopic(replyTopic)
                  .send(stringExp("key"), "not four", GalaxioSimulation::perSession)
                  .check(simpleCheck(m -> m.value().length == 4)))
          .exec(
              kafka("rr serializer")
                  .requestReply()
                  .requestTopic(s -> requestTopic)
                  .replyTopic(replyTopic)
                  .send(
                      "s-#{id}",
                      "ser",
                      GalaxioSimulation::perSession,
                      String.class,
                      String.class,
                      Serdes.String().serializer(),
                      Serdes.String().deserializer()))
          .exec(
              kafka("rr timeout")
                  .requestReply()
                  .requestTopic(silentTopic)
                  .replyTopic(replyTopic)
                  .send("t-#{id}", "nobody answers"));

  EchoService echo;

  {
    echo =
        EchoService.startFor(
            kafkaload.KafkaDsl.kafka().topic(requestTopic).createTopic(2, 1),
            replyTopic,
            "echo-" + replyTopic,
            1,
            0);
    setUp(sends.injectOpen(atOnceUsers(1)), requestReply.injectOpen(atOnceUsers(RR_USERS)))
        .protocols(protocol)
        .maxDuration(Duration.ofSeconds(60));
  }

  @Override
  public void after() {
    echo.close();
  }
}
