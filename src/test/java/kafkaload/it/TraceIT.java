package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Trace context on records against the echo service (docs/tracing.md): with -Dtrace.sampleRatio=0.5
 * about half the records on the topic carry a valid W3C traceparent, each reply carries its
 * request's traceparent and tracestate, and kafka-summary.json's trace section counts exactly the
 * records sampled and lists trace ids that are on the topic, with their response times; the Kafka
 * page has its section. A bad ratio is refused before any load.
 */
@Execution(ExecutionMode.CONCURRENT)
class TraceIT {
  private static final Pattern W3C = Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-01");

  private static String header(ConsumerRecord<byte[], byte[]> r, String name) {
    Header h = r.headers().lastHeader(name);
    return h == null ? null : new String(h.value(), StandardCharsets.US_ASCII);
  }

  @Test
  void aSampledShareCarriesTraceparentTheEchoCarriesItAndTheSummaryListsIt() throws Exception {
    String topic = uniqueTopic("trace");
    String replyTopic = uniqueTopic("trace-replies");
    GatlingRun run =
        runGatling(
            TraceSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "replyTopic",
                replyTopic,
                "trace.sampleRatio",
                "0.5"),
            150);
    assertEquals(0, run.exitCode(), run.tail());
    int each = TraceSimulation.USERS * TraceSimulation.ROUNDS;
    assertArrayEquals(new long[] {each, each, 0}, run.counts("traced order"), run.tail());
    assertArrayEquals(new long[] {each, each, 0}, run.counts("traced read"), run.tail());

    // The requests: about half carry a valid traceparent, every one that does is valid.
    List<ConsumerRecord<byte[], byte[]>> requests = readAll(topic, 2 * each);
    assertEquals(2 * each, requests.size());
    Map<String, String> traceparentByKey = new HashMap<>();
    Map<String, String> requestByTraceId = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : requests) {
      String tp = header(r, "traceparent");
      if (tp != null) {
        assertTrue(W3C.matcher(tp).matches(), tp);
        String key = str(r.key());
        traceparentByKey.put(key, tp);
        assertNull(
            requestByTraceId.put(tp.substring(3, 35), key.startsWith("c-") ? "read" : "order"),
            "a fresh trace id per record");
      }
    }
    int sampled = traceparentByKey.size();
    // Binomial(200, 0.5): sd about 7; 60 to 140 is more than 5 sd either side.
    assertTrue(sampled > 60 && sampled < 140, sampled + " of " + 2 * each + " sampled at 0.5");

    // The replies carry their request's traceparent, and tracestate, unchanged.
    List<ConsumerRecord<byte[], byte[]>> replies = readAll(replyTopic, 2 * each);
    assertEquals(2 * each, replies.size());
    int tracedReplies = 0;
    for (ConsumerRecord<byte[], byte[]> reply : replies) {
      String key = str(reply.key());
      assertEquals(traceparentByKey.get(key), header(reply, "traceparent"), key);
      if (!key.startsWith("c-")) {
        assertEquals("kafkaload=" + key, header(reply, "tracestate"), key);
      }
      if (header(reply, "traceparent") != null) {
        tracedReplies++;
      }
    }
    assertEquals(sampled, tracedReplies);

    // The trace section: the records sampled, every one read back, the trace ids on the topic.
    JsonNode trace = summaryJson(run).path("protocols").path(0).path("trace");
    assertEquals(sampled, trace.path("sampled").asLong(), trace.toString());
    assertEquals(sampled, trace.path("traced").asLong(), trace.toString());
    JsonNode slowest = trace.path("slowest");
    assertEquals(sampled, slowest.size(), "under 100 per request: every one is listed");
    Set<String> listed = new HashSet<>();
    long previous = Long.MAX_VALUE;
    for (JsonNode t : slowest) {
      String id = t.path("traceId").asText();
      String request = t.path("request").asText();
      assertEquals(
          requestByTraceId.get(id).equals("read") ? "traced read" : "traced order",
          request,
          "trace id " + id + " is a record of its request on the topic");
      long ms = t.path("latencyMs").asLong(-1);
      assertTrue(ms >= 0 && ms < 10_000, t.toString());
      assertTrue(ms <= previous, "the slowest first: " + slowest);
      previous = ms;
      assertTrue(t.path("ok").asBoolean(), t.toString());
      listed.add(id);
    }
    assertEquals(requestByTraceId.keySet(), listed);
    String page = Files.readString(reportDir(run).resolve("kafka.html"));
    assertTrue(page.contains("Traced records: the slowest sampled records' trace ids"), "page");
  }

  @Test
  void aBadRatioIsRefusedBeforeAnyLoad() throws Exception {
    GatlingRun run =
        runGatling(
            TraceSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("trace-bad"),
                "replyTopic",
                uniqueTopic("trace-bad-replies"),
                "trace.sampleRatio",
                "1.5"),
            90);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] ERROR: -Dtrace.sampleRatio=1.5: the sampling ratio must be a number"
                    + " from 0 to 1 (0.01 traces 1 % of the records)"),
        run.tail());
    assertFalse(run.output().contains("> traced order "), "no load was sent");
  }
}
