package kafkaload.kit;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.gatling.javaapi.core.Session;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import kafkaload.KafkaDsl;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.OmbResultActionBuilder;
import kafkaload.Params;
import kafkaload.SubscriptionsActionBuilder;
import kafkaload.internal.config.Console;
import kafkaload.internal.payload.Payloads;

/**
 * An OpenMessaging Benchmark workload file (-Dworkload, docs/workloads.md) as the shipped
 * simulations' knobs: read, checked and mapped before any load; a -D property given on the command
 * line still wins over the workload's.
 */
public final class Workload {
  /** What a workload runs. */
  public enum Mode {
    /** producerRate above 0, no backlog: the rate held for the test's duration. */
    FIXED_RATE,
    /** producerRate 0: OMB's search for the highest sustainable rate, here the capacity search. */
    MAX_RATE,
    /**
     * consumerBacklogSizeGB above 0: a backlog built with the subscription paused, then drained.
     */
    BACKLOG
  }

  private final String file;
  private final Params params;
  private final byte[] payload;
  private final OmbWorkload omb;
  private final OmbDriver driver;
  private final String driverFile;

  /** The workload -Dworkload names (a path, or a resource on the classpath); required. */
  public static Workload of(Params params) {
    return new Workload(params);
  }

  private Workload(Params given) {
    file = given.raw("workload");
    refuseIf(
        file == null,
        "-Dworkload is required: the path of an OpenMessaging Benchmark workload file, for"
            + " example -Dworkload=src/test/resources/workloads/1-topic-16-partitions-1kb.yaml");
    String yaml = new String(Payloads.read(file, "the workload file"), StandardCharsets.UTF_8);
    omb = OmbWorkload.parse(yaml, file);
    // -Domb.backlogScale: a backlog of consumerBacklogSizeGB times this (a small machine's share).
    double scale = given.positiveDouble("omb.backlogScale", 1.0);
    Map<String, String> knobs = new LinkedHashMap<>(omb.knobs(file, scale));
    // -Domb.driver: an OMB Kafka driver file, its settings as knobs, topic configs, properties.
    driverFile = given.string("omb.driver", "");
    driver = OmbDriver.of(driverFile);
    knobs.putAll(driver.knobs(driverFile));
    payload = payload(omb, file);
    params = given.withDefaults(knobs);
    Console.out(
        "[kafkaload] OMB workload '%s' (%s): ".formatted(name(), file)
            + knobs.entrySet().stream()
                .map(e -> "-D" + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "))
            + (payload == null ? "" : " value=" + omb.payloadFile())
            + (driver == OmbDriver.NONE ? "" : " driver=" + driverFile));
  }

  /**
   * The payload file's bytes, each record's value, when the workload's values are not randomized;
   * null otherwise. Found beside the workload file, else relative to OMB's root (the workload
   * folder's parent: OMB's workloads/*.yaml name payload/payload-1Kb.data), else as given (a path
   * from the working directory, or a resource).
   */
  private static byte[] payload(OmbWorkload omb, String file) {
    if (omb.payloadFile() == null || Boolean.TRUE.equals(omb.useRandomizedPayloads())) {
      return null;
    }
    Path parent = Paths.get(file).toAbsolutePath().getParent();
    Path beside = parent.resolve(omb.payloadFile());
    Path root = parent.getParent() == null ? null : parent.getParent().resolve(omb.payloadFile());
    String path =
        Files.isRegularFile(beside)
            ? beside.toString()
            : root != null && Files.isRegularFile(root) ? root.toString() : omb.payloadFile();
    byte[] bytes = Payloads.read(path, "the workload's payloadFile");
    refuseIf(
        bytes.length != omb.messageSize(),
        "-Dworkload=%s: payloadFile: %s holds %s bytes but messageSize is %s; make them agree"
            .formatted(file, omb.payloadFile(), bytes.length, omb.messageSize()));
    return bytes;
  }

  /**
   * {@code protocol} with the driver file's topic configs (on the topics preflight creates) and its
   * producer properties that are not knobs (-Domb.driver; as it is without one).
   */
  public KafkaProtocolBuilder protocol(KafkaProtocolBuilder protocol) {
    KafkaProtocolBuilder b = protocol;
    for (Map.Entry<String, String> c : driver.topicConfigs(driverFile).entrySet()) {
      b = b.topicConfig(c.getKey(), c.getValue());
    }
    Map<String, String> producer = driver.producerProperties(driverFile);
    return producer.isEmpty() ? b : b.properties(producer);
  }

  /** {@code subscriptions} with the driver file's consumer properties (commonConfig's too). */
  public SubscriptionsActionBuilder subscriptions(SubscriptionsActionBuilder subscriptions) {
    SubscriptionsActionBuilder s = subscriptions;
    for (Map.Entry<String, String> c : driver.consumer(driverFile).entrySet()) {
      s = s.consumerProperty(c.getKey(), c.getValue());
    }
    return s;
  }

  /**
   * The step that has the run write OMB's result file (omb-result.json in the run's folder), its
   * windows from {@code warmupSeconds} after the load's start for {@code testSeconds} (0: until the
   * results are made): the workload's name, the driver's, the workload's shape as its file gives
   * it.
   */
  public OmbResultActionBuilder resultStep(int warmupSeconds, int testSeconds) {
    // OMB's names: the workload's name field, else its file's; the driver file's, else "kafkaload".
    String name = omb.name() == null ? Paths.get(file).getFileName().toString() : omb.name();
    return KafkaDsl.ombResult(name, driver == OmbDriver.NONE ? driver.name() : driver.driverName())
        .shape(
            omb.messageSize(),
            omb.topics(),
            omb.partitionsPerTopic(),
            omb.producersPerTopic() == null ? 1 : omb.producersPerTopic(),
            omb.consumerPerSubscription() == null ? 0 : omb.consumerPerSubscription(),
            omb.subscriptionsPerTopic() == null ? 0 : omb.subscriptionsPerTopic())
        .measuredAfter(Duration.ofSeconds(warmupSeconds))
        .measuredFor(Duration.ofSeconds(testSeconds));
  }

  /** What it runs: a fixed rate, the max-rate search, or a backlog. */
  public Mode mode() {
    return omb.mode(file);
  }

  /** The workload's name (its file when it has none). */
  public String name() {
    return omb.name() == null ? file : omb.name();
  }

  /** The file -Dworkload named. */
  public String file() {
    return file;
  }

  /** The parameter snapshot with the workload's knobs as its defaults. */
  public Params params() {
    return params;
  }

  /** Each record's value: the payload file's bytes, else what {@code plan} generates. */
  public Function<Session, Object> valueFunction(RunParams plan) {
    return payload == null ? plan.valueFunction() : session -> payload;
  }
}
