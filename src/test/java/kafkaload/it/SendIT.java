package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Send semantics, checked end to end: Gatling in a child JVM, a real broker, the records read back.
 *
 * <p>Tests that bound a time or a rate (the baseline's ack-timed mean, the throttle, the consume
 * timeout at its deadline) run alone ({@link KafkaTestSupport#ALONE}); the others run two at a
 * time.
 */
@Execution(ExecutionMode.CONCURRENT)
class SendIT {

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ_WRITE)
  void baselineReportsAckTimedSendsAndEveryOkRecordIsInTheTopic() throws Exception {
    String topic = uniqueTopic("baseline");
    long before = 0; // a fresh topic: preflight creates it
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "warmup",
                "2",
                "duration",
                "6",
                "linger.ms",
                "20"),
            120);
    assertEquals(0, run.exitCode(), run.tail());

    long[] warm = run.counts("warm-up send");
    long[] send = run.counts("send");
    assertEquals(0, send[2], "no KO expected");
    assertTrue(send[1] > 0, "the measured phase sent records: " + send[1]);
    // Gatling's OK count equals what the broker holds: the end-offset delta of the topic.
    assertEquals(warm[1] + send[1], endOffsetSum(topic) - before);
    // linger.ms=20 holds each batch up to 20 ms before it is sent. A record that joins a batch late
    // waits less
    // (even under 1 ms), so only the mean is bounded: an ack-timed send averages well above 0 ms,
    // while an
    // enqueue-timed (fire-and-forget) send would average 0 ms.
    assertTrue(Integer.parseInt(run.globalStat("mean response time (ms)")) >= 5, run.tail());
    assertTrue(run.output().contains("0 still in flight at the end"), run.tail());
    // The reconciliation agrees: every acked record read back once, none lost, none duplicated.
    long acked = warm[1] + send[1];
    assertTrue(
        run.output()
            .contains(
                "acked OK "
                    + acked
                    + " | end-offset delta "
                    + acked
                    + " | in flight at the end 0"
                    + " | lost 0 | duplicates 0"),
        run.tail());
    assertTrue(
        run.output()
            .contains(acked + " of this run, " + acked + " distinct, 0 duplicates, 0 reordered"),
        run.tail());
    // The summary's rates are of the load: per request name, from its own first ack to its own
    // last. Every user warms up first, so the run's first ack is a warm-up's and its last a
    // measured
    // send's: the measured span starts after the run's and ends with it.
    var throughput = summaryJson(run).path("protocols").path(0).path("throughput");
    var byRequest = throughput.path("byRequest");
    assertEquals(send[1], byRequest.path("send").path("acked").asLong(), byRequest.toString());
    assertEquals(
        warm[1], byRequest.path("warm-up send").path("acked").asLong(), byRequest.toString());
    long firstAck = byRequest.path("send").path("firstAckMillis").asLong();
    long lastAck = byRequest.path("send").path("lastAckMillis").asLong();
    double span = byRequest.path("send").path("firstToLastAckSeconds").asDouble();
    assertEquals((lastAck - firstAck) / 1000.0, span, 1e-9, byRequest.toString());
    assertEquals(
        throughput.path("firstAckMillis").asLong(),
        byRequest.path("warm-up send").path("firstAckMillis").asLong(),
        throughput.toString());
    assertEquals(throughput.path("lastAckMillis").asLong(), lastAck, throughput.toString());
    assertTrue(
        firstAck > throughput.path("firstAckMillis").asLong()
            && span < throughput.path("firstToLastAckSeconds").asDouble(),
        "the warm-up's acks are not in the measured span: " + throughput);
    assertEquals(
        send[1] / span,
        byRequest.path("send").path("msgsPerSec").asDouble(),
        1.0,
        byRequest.toString());
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void keysValuesHeadersPartitionAndTimestampLandExactlyAsGiven() throws Exception {
    String topic = uniqueTopic("feeder");
    // Kept for ever: the records carry timestamps of 2023 (FeederSimulation.BASE_TS), which the
    // broker's retention check (30 s after its start, then every 5 min) would otherwise delete
    // before they are read back.
    createTopic(new NewTopic(topic, 3, (short) 1).configs(Map.of("retention.ms", "-1")));
    GatlingRun run =
        runGatling(
            FeederSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic),
            90);
    assertEquals(0, run.exitCode(), run.tail());

    int expected = FeederSimulation.ROWS + 7;
    List<ConsumerRecord<byte[], byte[]>> records = readAll(topic, expected);
    assertEquals(expected, records.size());
    // No reconcile() step in this simulation: the offset comparison still runs at the end, ungated.
    assertTrue(
        run.output().contains("acked OK " + expected + " | end-offset delta " + expected),
        run.tail());
    assertTrue(run.output().contains("no reconcile() step judged this run"), run.tail());
    assertFalse(
        summaryJson(run)
            .path("protocols")
            .path(0)
            .path("reconciliation")
            .path("gated")
            .asBoolean(true));

    List<String> el =
        records.stream()
            .filter(r -> r.key() != null && str(r.key()).startsWith("k-"))
            .sorted(Comparator.comparing(r -> str(r.key())))
            .map(
                r ->
                    str(r.key())
                        + "|"
                        + str(r.value())
                        + "|"
                        + headers(r)
                        + "|"
                        + r.partition()
                        + "|"
                        + r.timestamp())
            .collect(Collectors.toList());
    List<String> want = new ArrayList<>();
    for (int i = 0; i < FeederSimulation.ROWS; i++) {
      want.add(
          "k-"
              + i
              + "|v-"
              + i
              + "|trace=t-"
              + i
              + ",fixed=constant|"
              + (i % 3)
              + "|"
              + (FeederSimulation.BASE_TS + i));
    }
    assertEquals(want, el);

    ConsumerRecord<byte[], byte[]> fn = one(records, "fk-");
    assertEquals("fv-" + str(fn.key()).substring(3), str(fn.value()));
    assertEquals("h-fn=from-function", headers(fn));
    assertEquals(2, fn.partition());

    ConsumerRecord<byte[], byte[]> json = one(records, "json-key");
    assertEquals(1, json.partition());
    assertEquals(
        new ObjectMapper().readTree("{\"id\":7,\"name\":\"order\"}"),
        new ObjectMapper().readTree(json.value()));

    ConsumerRecord<byte[], byte[]> bytes =
        records.stream().filter(r -> r.key() == null).findFirst().orElseThrow();
    assertArrayEquals(new byte[] {1, 2, 3}, bytes.value());

    assertEquals(
        "{\"orderId\":\"o-42\",\"amount\":12.5,\"currency\":\"EUR\"}\n",
        str(one(records, "tpl-key").value()));
    assertEquals(
        Files.readString(Paths.get("src/test/resources/payloads/sample.json")),
        str(one(records, "file-key").value()));

    ConsumerRecord<byte[], byte[]> mixed = one(records, "mk-");
    assertEquals("mixed-o-42|m=o-42", str(mixed.value()) + "|" + headers(mixed));
    assertEquals(
        "kh-value|kh=kv",
        str(one(records, "kh-key").value()) + "|" + headers(one(records, "kh-key")));
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void recordLargerThanMaxRequestSizeIsKoWithItsReasonAndTheRunEnds() throws Exception {
    String topic = uniqueTopic("toolarge");
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "warmup",
                "0",
                "duration",
                "3",
                "users",
                "2",
                "max.request.size",
                "1024",
                "recordSize",
                "2048"),
            90);
    long[] send = run.counts("send");
    assertTrue(send[0] > 0);
    assertEquals(send[0], send[2], "every oversized record is a KO");
    assertTrue(run.output().contains("RecordTooLargeException"), run.tail());
    assertNotEquals(0, run.exitCode(), "the error-rate gate fails the run");
    assertTrue(
        run.output().contains("percentage of failed events is less than or equal to 0.1 : false"),
        run.tail());
    assertEquals(0, endOffsetSum(topic));
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ_WRITE)
  void throttleLimitsKafkaSends() throws Exception {
    String topic = uniqueTopic("throttle");
    GatlingRun run =
        runGatling(
            ThrottleSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic),
            90);
    assertEquals(0, run.exitCode(), run.tail());
    long sent = run.counts("send")[1];
    long ceiling = (long) (ThrottleSimulation.RPS * ThrottleSimulation.SECONDS * 1.15);
    // 100 users unthrottled send thousands per second here; throttled, the count stays at the
    // ceiling's scale.
    assertTrue(sent <= ceiling, "throttle exceeded: " + sent + " > " + ceiling);
    // Held at the throttle, not below it: second by second (Gatling's log of the sends' starts),
    // the seconds after the 1 s ramp and the JVM's first slow second send RPS each. A loaded
    // machine slows a few seconds (the run's start most), so their median is judged: 100 users
    // could send thousands a second, so a median far from RPS is the throttle's doing.
    List<GatlingLog.Second> seconds = GatlingLog.requestsPerSecond(run, "send");
    double[] held =
        seconds.stream()
            .filter(x -> x.timeMs() >= 2000)
            .mapToDouble(GatlingLog.Second::requests)
            .sorted()
            .toArray();
    assertTrue(held.length >= 5, "the held seconds: " + seconds);
    double median = (held[(held.length - 1) / 2] + held[held.length / 2]) / 2;
    assertEquals(
        ThrottleSimulation.RPS,
        median,
        ThrottleSimulation.RPS * 0.1,
        "median sends of the held seconds: " + seconds);
    // maxDuration stops Gatling's stats while users still send (on a loaded machine for a while:
    // +61 seen), so
    // the topic holds at least Gatling's OK count. Our own counters run until the producers close:
    // the topic holds
    // what they saw acked, plus the sends still in flight, plus at most one late send per user.
    long inTopic = endOffsetSum(topic);
    assertTrue(inTopic >= sent, "topic " + inTopic + " vs Gatling OK " + sent);
    Matcher m =
        Pattern.compile("Kafka sends: (\\d+) acked OK, (\\d+) failed, (\\d+) still in flight")
            .matcher(run.output());
    assertTrue(m.find(), run.tail());
    long acked = Long.parseLong(m.group(1));
    long inFlight = Long.parseLong(m.group(3));
    assertTrue(
        inTopic >= acked && inTopic <= acked + inFlight + ThrottleSimulation.USERS,
        "topic " + inTopic + " vs acked " + acked + " + in flight " + inFlight);
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void violatedP99GateFailsTheRunOnTheEmbeddedBrokerWhichLeavesNothingBehind() throws Exception {
    // No bootstrap anywhere: the child starts its own embedded broker, as a user's first run does.
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props("warmup", "1", "duration", "4", "gate.p99Ms", "1", "linger.ms", "2"),
            120);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("Embedded KRaft broker ready"), run.tail());
    // The broker's CPU is in the process's: the figures say so.
    assertTrue(run.output().contains("the embedded broker in this JVM counts too"), run.tail());
    assertTrue(
        run.output().contains("99th percentile of response time is less than 1.0 : false"),
        run.tail());
    assertTrue(run.output().contains("index.html"), "the report is still written: " + run.tail());
    Matcher junit = Pattern.compile("JUnit assertions: (\\S+)").matcher(run.output());
    assertTrue(junit.find(), "the JUnit assertions file is written: " + run.tail());
    String xml = Files.readString(Paths.get(junit.group(1)));
    assertTrue(
        xml.contains("failures=\"1\"")
            && xml.contains("99th percentile of response time is less than 1.0"),
        xml);
    Path root = Paths.get(System.getProperty("java.io.tmpdir"), "kafkaload-embedded");
    if (Files.isDirectory(root)) {
      try (Stream<Path> dirs = Files.list(root)) {
        assertTrue(
            dirs.noneMatch(d -> d.getFileName().toString().startsWith(run.pid() + "-")),
            "the child's broker data directory was removed");
      }
    }
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void badParameterFailsBeforeAnyLoadNamingIt() throws Exception {
    // An unknown codec is BadInputIT.anUnknownCompressionCodecIsNamed's (one run fewer here).
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props("kafka.bootstrap.servers", bootstrap(), "recordSize", "-5"),
            60);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output().contains("[kafkaload] ERROR: -DrecordSize=-5 must be >= 0"), run.tail());
    assertFalse(run.output().contains("Kafka target:"), "no producer was created");
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ_WRITE)
  void consumeMatchesByHeaderValueAndPredicateAndTimesOutAtItsDeadline() throws Exception {
    String topic = uniqueTopic("consume");
    GatlingRun run =
        runGatling(
            ConsumeSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic),
            90);
    int users = ConsumeSimulation.USERS;
    assertArrayEquals(new long[] {users, users, 0}, run.counts("by header"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("by value"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("by big value"), run.tail());
    assertArrayEquals(
        new long[] {users, users, 0}, run.counts("by produced-at header"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("by predicate"), run.tail());
    assertArrayEquals(new long[] {users, 0, users}, run.counts("by key, never sent"), run.tail());
    assertTrue(run.output().contains("no record with key 'missing-"), run.tail());
    assertArrayEquals(new long[] {1, 0, 1}, run.counts("by throwing predicate"), run.tail());
    assertTrue(
        run.output().contains("the predicate threw IllegalStateException: boom (on "), run.tail());
    // The timeout is a KO at its deadline: never before it, and after it within a margin a loaded
    // 2-core machine keeps. Every user got past it: none hung (the run is bounded above too). That
    // it is a timer at the deadline, not the reader's 100 ms poll, is asserted with a stepped clock
    // in RequestReplyIT.aTimeoutIsATimerAtItsDeadlineNotTheReadersPoll (the same TopicListener).
    List<Long> elapsed = run.numbersAfter("CONSUME-TIMEOUT-ELAPSED-MS");
    assertEquals(users, elapsed.size(), run.tail());
    for (long ms : elapsed) {
      assertTrue(
          ms >= ConsumeSimulation.TIMEOUT_MS && ms < ConsumeSimulation.TIMEOUT_MS + 5_000,
          "timeout reported "
              + ms
              + " ms after the user began waiting, deadline "
              + ConsumeSimulation.TIMEOUT_MS);
    }
    // .producedAtHeader: end-to-end latency runs from the header's epoch ms (5 s back), not the
    // record timestamp.
    var e2e =
        summaryJson(run)
            .path("protocols")
            .path(0)
            .path("e2eLatencyMs")
            .path("by produced-at header");
    assertEquals(users, e2e.path("count").asLong(), e2e.toString());
    assertTrue(
        e2e.path("p50").asDouble() >= ConsumeSimulation.BACKDATE_MS
            && e2e.path("max").asDouble() < ConsumeSimulation.BACKDATE_MS + 5000,
        e2e.toString());
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void consumeFromATopicThatDoesNotExistFailsBeforeLoad() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.EndToEndSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("req"),
                "reply.topic",
                "no-such-" + uniqueTopic("reply"),
                "sut",
                "external",
                "lag.groups",
                "g"),
            60);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output()
            .matches(
                "(?s).*\\[kafkaload\\] ERROR: Topic 'no-such-reply-[0-9a-f]+' does not exist.*"),
        run.tail());
    assertFalse(run.output().contains("> send "), "no load was sent");
  }

  private static ConsumerRecord<byte[], byte[]> one(
      List<ConsumerRecord<byte[], byte[]>> records, String keyPrefix) {
    List<ConsumerRecord<byte[], byte[]>> m =
        records.stream()
            .filter(r -> r.key() != null && str(r.key()).startsWith(keyPrefix))
            .collect(Collectors.toList());
    assertEquals(1, m.size(), "records with key " + keyPrefix);
    return m.get(0);
  }
}
