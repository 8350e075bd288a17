package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The bad-input table of docs/troubleshooting.md, row by row, end to end: the bundled baseline
 * simulation run as Gatling's main runs it, hosted in the test's JVM (InProcessGatling, a dry run
 * included). Each bad input fails the run before any load with one line that names the problem; an
 * oversized record is the exception: it is sent, and comes back as a counted KO with its reason.
 */
@Execution(ExecutionMode.CONCURRENT)
class BadInputIT {
  private static final String BASELINE = "simulations.BaselineSimulation";

  /**
   * Runs the baseline with the given properties and expects it to stop, before any load, with this
   * error line.
   */
  private static GatlingRun rejected(String expectedError, String... kv) throws Exception {
    return rejectedBy(BASELINE, expectedError, kv);
  }

  /** The same, for another simulation. */
  private static GatlingRun rejectedBy(String simulation, String expectedError, String... kv)
      throws Exception {
    Map<String, String> p = props("warmup", "0", "duration", "3");
    p.putAll(props(kv));
    // A dry run: a refusal that did not come costs seconds and exit 0, not a load.
    p.putIfAbsent("dry.run", "true");
    p.putIfAbsent("kafka.bootstrap.servers", bootstrap());
    GatlingRun run = runGatling(simulation, p, 120);
    assertNotEquals(0, run.exitCode(), run.tail());
    String line =
        run.output()
            .lines()
            .filter(l -> l.startsWith("[kafkaload] ERROR: "))
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no '[kafkaload] ERROR:' line in:\n" + run.tail()));
    assertTrue(line.contains(expectedError), "expected '" + expectedError + "' in: " + line);
    if (!p.containsKey("kafkaload.debug")) {
      // The line is all: no stack trace, neither Gatling's log of it nor the JVM's last word.
      assertFalse(run.output().contains("\tat "), run.tail());
      assertFalse(run.output().contains("Exception in thread"), run.tail());
    }
    // Gatling's release check is off (RunPreferences): it named an older release as available.
    assertFalse(run.output().contains(" is available! (you're using "), run.tail());
    // No load: Gatling never started its injection, so it never printed a requests table.
    assertFalse(run.output().contains("---- Requests"), run.tail());
    return run;
  }

  @Test
  void unreachableBootstrapIsReportedWithinTenSeconds() throws Exception {
    GatlingRun run =
        rejected(
            "Kafka bootstrap '127.0.0.1:1' did not answer within 10.0 s",
            "kafka.bootstrap.servers",
            "127.0.0.1:1",
            "kafkaload.debug",
            "true");
    // Timed inside the run, from the protocol's start to the crash, so a slow start does not count.
    long started = millisOfDay(run, "Kafka target: 127.0.0.1:1");
    // Gatling's own error line: "Run crashed" in 3.15, "Failed to build the scenario(s)" in 3.16;
    // with -Dkafkaload.debug=true only, and the stack traces with it.
    long crashed = millisOfDay(run, "ERROR io.gatling.app.Gatling$");
    assertTrue(run.output().contains("\tat kafkaload."), run.tail());
    // At the 10 s timeout: not before it, and not at a client default (request.timeout.ms 30 s).
    assertTrue(
        crashed - started >= 10_000 && crashed - started < 25_000,
        "reported after " + (crashed - started) + " ms");
  }

  /** The HH:mm:ss.SSS time of the first log line containing {@code text}, in ms of the day. */
  private static long millisOfDay(GatlingRun run, String text) {
    String line =
        run.output()
            .lines()
            .filter(l -> l.contains(text))
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no line with '" + text + "' in:\n" + run.tail()));
    return LocalTime.parse(line.substring(0, 12)).toNanoOfDay() / 1_000_000;
  }

  @Test
  void aPortThatDoesNotSpeakKafkaIsNamedAsSuch() throws Exception {
    // A plain TCP service (think of an HTTP server) where the user expected a Kafka listener.
    try (ServerSocket http = new ServerSocket(0)) {
      Thread server =
          new Thread(
              () -> {
                while (!http.isClosed()) {
                  try (Socket s = http.accept();
                      OutputStream out = s.getOutputStream()) {
                    out.write(
                        "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                  } catch (IOException closed) {
                    return;
                  }
                }
              },
              "not-kafka");
      server.setDaemon(true);
      server.start();
      String address = "127.0.0.1:" + http.getLocalPort();
      rejected(
          "Kafka bootstrap '"
              + address
              + "' accepts TCP connections but did not answer as a Kafka broker "
              + "(it answered \"HTTP/1.1\"; is it a Kafka listener?)",
          "kafka.bootstrap.servers",
          address);
    }
  }

  @Test
  void aMissingTopicIsNamedWhenCreationIsOff() throws Exception {
    String topic = uniqueTopic("absent");
    rejected("Topic '" + topic + "' does not exist", "topic", topic, "topic.create", "false");
    assertTrue(
        admin().listTopics().names().get().stream().noneMatch(topic::equals),
        "nothing auto-created");
  }

  @Test
  void anIllegalTopicNameIsNamed() throws Exception {
    rejected("Invalid topic name 'orders/eu'", "topic", "orders/eu");
  }

  @Test
  void fewerPartitionsThanProducersFailsWhenStrict() throws Exception {
    String topic = uniqueTopic("narrow");
    createTopic(topic, 2);
    rejected(
        "Topic '" + topic + "' has 2 partitions for 10 concurrent producers",
        "topic",
        topic,
        "preflight.strictPartitions",
        "true");
  }

  @Test
  void nonNumericNegativeAndZeroValuesNameTheParameter() throws Exception {
    sideBySide(
        List.of(
            () -> rejected("-Dusers=ten is not a whole number", "users", "ten"),
            () -> rejected("-Dusers=-3 must be >= 1", "users", "-3"),
            () -> rejected("-Dduration=0 must be >= 1", "duration", "0")));
  }

  @Test
  void anExternalSystemUnderTestWithoutItsLagGroupsIsNamed() throws Exception {
    // Else the verdict would judge the echo group, which only the embedded system under test has.
    rejectedBy(
        "simulations.EndToEndSimulation", "-Dsut=external needs -Dlag.groups=", "sut", "external");
  }

  @Test
  void anUnknownCompressionCodecIsNamed() throws Exception {
    rejected("brotli", "compression.type", "brotli");
  }

  @Test
  void aKafkaPropertyTheClientRejectsIsNamed() throws Exception {
    // Kafka's producer config refuses idempotence without acks=all; the user hears it before any
    // load.
    rejected(
        "Invalid Kafka producer property: Must set acks to all in order to use the idempotent producer",
        "enable.idempotence",
        "true",
        "acks",
        "1",
        "retries",
        "3");
  }

  @Test
  void aMissingFeederFileIsNamed() throws Exception {
    rejected(
        "Feeder file 'no-such-orders.csv' (-Dfeeder) not found", "feeder", "no-such-orders.csv");
  }

  /**
   * A gate on a request the simulation never makes is refused when Gatling builds the first Kafka
   * action: before preflight creates the topic, naming the requests and groups there are; the same
   * gate on a request in its group passes.
   */
  @Test
  void aGateOnARequestNeverMadeIsRefusedBeforeAnyLoadNamingTheNamesThere() throws Exception {
    String topic = uniqueTopic("gate");
    GatlingRun run =
        rejectedBy(
            MisnamedGateSimulation.class.getName(),
            "Gate on 'place order': the simulation records no request or group of that name",
            "topic",
            topic);
    String line =
        run.output().lines().filter(l -> l.startsWith("[kafkaload] ERROR: ")).findFirst().get();
    assertTrue(line.contains("'audit'") && line.contains("'order'"), line);
    assertTrue(line.contains("groups: 'checkout'"), line);
    try (var admin = admin()) {
      assertFalse(admin.listTopics().names().get().contains(topic), "refused before preflight");
    }
    GatlingRun passing =
        runGatling(
            MisnamedGateSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "gate.path",
                "checkout/order",
                "dry.run",
                "true"),
            120);
    assertEquals(0, passing.exitCode(), passing.tail());
    assertTrue(passing.output().contains("dry run: every check passed"), passing.tail());
  }

  @Test
  void aMistypedSimulationClassIsNamedWithTheOnesThatExist() throws Exception {
    // The pom's check, run by itself: `mvn gatling:test` runs it right after compiling the
    // simulations.
    List<String> cmd =
        new ArrayList<>(
            List.of(
                NestedMaven.executable(),
                "-B",
                "-o",
                "-q",
                "antrun:run@check-simulation-class",
                "-Dgatling.simulationClass=simulations.Baseline"));
    // Offline, so it must look where the calling build looks.
    cmd.addAll(NestedMaven.callerOptions());
    Process mvn = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(mvn.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(mvn.waitFor(120, TimeUnit.SECONDS));
    assertNotEquals(0, mvn.exitValue(), out);
    assertTrue(
        out.contains(
            "No simulation class 'simulations.Baseline' (-Dgatling.simulationClass). Available: "),
        out);
    String available = out.substring(out.indexOf("Available: ")).lines().findFirst().orElseThrow();
    assertTrue(available.contains(" simulations.BaselineSimulation,"), available);
  }

  @Test
  void aRecordLargerThanTheBrokerAcceptsIsACountedKoWithItsReason() throws Exception {
    String topic = uniqueTopic("small-records");
    // The topic accepts batches of up to 10,000 bytes; each 20,000-byte record is larger than
    // batch.size, so it
    // travels alone in its batch and the broker rejects it. (With several records per batch and
    // batch.size above
    // the topic's limit, Kafka's producer splits and resends the batch until delivery.timeout.ms
    // instead.)
    createTopic(new NewTopic(topic, 1, (short) 1).configs(Map.of("max.message.bytes", "10000")));
    GatlingRun run =
        runGatling(
            BASELINE,
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "topic.create",
                "false",
                "recordSize",
                "20000",
                "compression.type",
                "none",
                "warmup",
                "0",
                "duration",
                "3",
                "users",
                "2"),
            120);
    assertNotEquals(0, run.exitCode(), "the error-rate gate fails the build:\n" + run.tail());
    long[] send = run.counts("send");
    assertTrue(
        send[2] > 0 && send[1] == 0, "every send a KO: " + send[0] + " " + send[1] + " " + send[2]);
    assertTrue(run.output().contains("RecordTooLargeException"), run.tail());
    assertEquals(0, endOffsetSum(topic));
  }

  @Test
  void aFeederFileFeedsKeysAndValues(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("orders.csv");
    Files.writeString(csv, "key,value\norder-1,amount=10\norder-2,amount=20\n");
    String topic = uniqueTopic("fed");
    GatlingRun run =
        runGatling(
            BASELINE,
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "feeder",
                csv.toString(),
                "warmup",
                "0",
                "duration",
                "2",
                "users",
                "1",
                "topic.partitions",
                "1",
                "gate.minRps",
                "0",
                "gate.p99Ms",
                "60000"),
            120);
    assertEquals(0, run.exitCode(), run.tail());
    // The rows in file order, recycled: order-1, order-2, order-1, ...
    var records = readAll(topic, (int) endOffsetSum(topic));
    assertFalse(records.isEmpty());
    for (int i = 0; i < records.size(); i++) {
      int row = i % 2 + 1;
      assertEquals(
          "order-" + row + "|amount=" + row + "0",
          str(records.get(i).key()) + "|" + str(records.get(i).value()));
    }
  }
}
