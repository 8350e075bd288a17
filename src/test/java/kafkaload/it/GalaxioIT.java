package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Simulations written in galaxio's Java DSL ({@code kafkaload.galaxio}) run on this project's
 * engine: every send form writes the bytes galaxio writes, request-replies match by galaxio's
 * protocol matching and its checks, time out at the protocol's timeout; a topic galaxio would leave
 * to the broker's auto-creation is refused before any load.
 */
@Execution(ExecutionMode.CONCURRENT)
class GalaxioIT {

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void aGalaxioSimulationSendsMatchesChecksAndTimesOut() throws Exception {
    String sendTopic = uniqueTopic("galaxio-send");
    String silentTopic = uniqueTopic("galaxio-silent");
    createTopic(sendTopic, 1);
    createTopic(silentTopic, 1);
    GatlingRun run =
        runGatling(
            GalaxioSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "sendTopic",
                sendTopic,
                "requestTopic",
                uniqueTopic("galaxio-requests"),
                "replyTopic",
                uniqueTopic("galaxio-replies"),
                "silentTopic",
                silentTopic),
            150);
    long users = GalaxioSimulation.RR_USERS;
    for (String ok :
        new String[] {"rr strings", "rr classes", "rr headers per session", "rr serializer"}) {
      assertArrayEquals(new long[] {users, users, 0}, run.counts(ok), ok + "\n" + run.tail());
    }
    assertArrayEquals(new long[] {users, 0, users}, run.counts("rr simpleCheck fails"), run.tail());
    assertTrue(run.output().contains("Kafka check failed"), run.tail());
    assertArrayEquals(
        new long[] {users, 0, users}, run.counts("rr gatling check fails"), run.tail());
    assertTrue(run.output().contains("jsonPath($.m).find.is(nope), found dkf"), run.tail());
    assertEquals(
        users,
        run.output().lines().filter(l -> l.equals("GALAXIO-SAVED {\"m\":\"dkf\"}")).count(),
        run.tail());
    assertArrayEquals(new long[] {users, 0, users}, run.counts("rr timeout"), run.tail());
    assertTrue(run.output().contains("within 3000 ms"), run.tail());

    List<String> expected = new ArrayList<>();
    expected.add(pair(utf8("k-7"), utf8("v-7")));
    expected.add(pair(utf8("k2"), utf8("v2")));
    expected.add(pair(utf8("k3"), utf8("v3")));
    expected.add(pair(Serdes.Float().serializer().serialize(sendTopic, 1.5f), utf8("float key")));
    expected.add(
        pair(utf8("double value"), Serdes.Double().serializer().serialize(sendTopic, 2.5d)));
    expected.add(
        pair(Serdes.Short().serializer().serialize(sendTopic, (short) 3), utf8("short key")));
    expected.add(
        pair(utf8("integer value"), Serdes.Integer().serializer().serialize(sendTopic, 42)));
    expected.add(pair(Serdes.Long().serializer().serialize(sendTopic, 7L), utf8("long key")));
    expected.add(pair(utf8("bytebuffer value"), new byte[] {1, 2, 3}));
    expected.add(pair(new byte[] {9, 8}, utf8("bytes key")));
    expected.add(pair(utf8("bytearray value"), new byte[] {5, 6}));
    expected.add(
        pair(
            Serdes.Integer().serializer().serialize(sendTopic, 11),
            Serdes.Long().serializer().serialize(sendTopic, 12L)));
    expected.add(pair(utf8("true"), Serdes.Double().serializer().serialize(sendTopic, 12.0)));
    expected.add(pair(null, utf8("value only 7")));
    expected.add(pair(null, utf8("value headers")));
    expected.add(pair(null, Serdes.Integer().serializer().serialize(sendTopic, 13)));
    expected.add(pair(null, Serdes.Long().serializer().serialize(sendTopic, 14L)));
    expected.add(pair(null, Serdes.Float().serializer().serialize(sendTopic, 15.5f)));
    expected.add(
        pair(
            Serdes.Integer().serializer().serialize(sendTopic, 7),
            Serdes.Long().serializer().serialize(sendTopic, 107L)));
    expected.add(
        pair(
            Serdes.Short().serializer().serialize(sendTopic, (short) 16),
            Serdes.Double().serializer().serialize(sendTopic, 17.5)));
    expected.add(pair(utf8("ba-7"), utf8("bb")));
    expected.add(
        pair(
            Bytes.wrap(utf8("by")).get(), Serdes.Float().serializer().serialize(sendTopic, 18.5f)));
    expected.add(pair(utf8("custom serializer"), utf8("UPPER #{N}")));

    List<ConsumerRecord<byte[], byte[]>> records = readAll(sendTopic, expected.size());
    List<String> actual = records.stream().map(r -> pair(r.key(), r.value())).toList();
    assertEquals(
        expected.stream().sorted().toList(), actual.stream().sorted().toList(), run.tail());
    // Headers: constant ones as given, per-session ones from the session; the run's identity too.
    ConsumerRecord<byte[], byte[]> constant = find(records, "k2");
    assertEquals("constant", header(constant, "h"), headers(constant));
    ConsumerRecord<byte[], byte[]> perSession = find(records, "k3");
    assertEquals("7", header(perSession, "n"), headers(perSession));
    assertEquals("send", header(perSession, "corr"), headers(perSession));
    assertTrue(
        headers(perSession).contains("kafkaload"), "run identity headers: " + headers(perSession));
    // This project's engine ran it: acked sends reconciled, the Kafka page written.
    assertTrue(run.output().contains("Kafka page: file:"), run.tail());
    JsonNode rec = summaryJson(run).path("protocols").path(0).path("reconciliation");
    assertEquals(0, rec.path("lost").asLong(-1), rec.toString());
    assertTrue(rec.path("ackedOk").asLong() >= expected.size(), rec.toString());
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void aTopicGalaxioLeavesToTheBrokerIsRefusedBeforeAnyLoad() throws Exception {
    String missing = uniqueTopic("galaxio-missing");
    GatlingRun run =
        runGatling(
            GalaxioRefusedSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "missingTopic", missing),
            90);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "galaxio kafka(\"missing\").topic(\""
                    + missing
                    + "\"): topic '"
                    + missing
                    + "' does not exist. galaxio lets the broker auto-create"),
        run.tail());
    assertTrue(run.output().contains("--create --topic " + missing), run.tail());
    assertFalse(run.output().contains("> missing "), "no load was sent\n" + run.tail());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String pair(byte[] key, byte[] value) {
    return (key == null ? "null" : HexFormat.of().formatHex(key))
        + "/"
        + HexFormat.of().formatHex(value);
  }

  private static ConsumerRecord<byte[], byte[]> find(
      List<ConsumerRecord<byte[], byte[]>> records, String key) {
    return records.stream()
        .filter(r -> r.key() != null && new String(r.key(), StandardCharsets.UTF_8).equals(key))
        .findFirst()
        .orElseThrow();
  }

  private static String header(ConsumerRecord<byte[], byte[]> r, String name) {
    Header h = r.headers().lastHeader(name);
    return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
  }
}
