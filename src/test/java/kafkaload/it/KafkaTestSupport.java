package kafkaload.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import kafkaload.bench.GatlingJvm;
import kafkaload.internal.broker.EmbeddedKafka;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * What the integration tests share: one real embedded broker per test JVM, topic helpers, a reader,
 * and a runner that starts Gatling in a child JVM exactly as a user would (same classpath, -D
 * properties, exit code).
 */
public final class KafkaTestSupport {
  private KafkaTestSupport() {}

  /**
   * The resource lock of a class whose tests run two at a time ({@code @Execution(CONCURRENT)}): a
   * test that bounds a time or a rate holds it in READ_WRITE mode and runs alone, the others hold
   * it in READ mode and run beside one another.
   */
  public static final String ALONE = "kafkaload.it: a test that bounds a time or a rate runs alone";

  public static String bootstrap() {
    return EmbeddedKafka.shared().bootstrapServers();
  }

  public static String uniqueTopic(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  public static Admin admin() {
    return Admin.create(Map.of("bootstrap.servers", bootstrap()));
  }

  public static void createTopic(String topic, int partitions) throws Exception {
    createTopic(new NewTopic(topic, partitions, (short) 1));
  }

  /**
   * Creates the topic and waits until it is usable, as Kafka's own tests do
   * (TestUtils.waitForAllPartitionsMetadata): created is not yet led, and a client that races the
   * first leader election gets UNKNOWN_TOPIC_OR_PARTITION or NOT_LEADER (with idempotence, then
   * OUT_OF_ORDER_SEQUENCE until its delivery timeout). Polls until describeTopics shows every
   * partition with a leader and every partition answers ListOffsets, retrying on Kafka's retriable
   * errors (UnknownTopicOrPartition, LeaderNotAvailable, NotLeaderOrFollower, timeouts) for up to
   * 60 s.
   */
  public static void createTopic(NewTopic newTopic) throws Exception {
    String topic = newTopic.name();
    int partitions = newTopic.numPartitions();
    long boundMs = 60_000;
    try (Admin admin = admin()) {
      admin.createTopics(List.of(newTopic)).all().get(30, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMs);
      String state = "not described yet";
      Throwable lastError = null;
      while (true) {
        try {
          TopicDescription d =
              admin
                  .describeTopics(List.of(topic))
                  .allTopicNames()
                  .get(10, TimeUnit.SECONDS)
                  .get(topic);
          long led =
              d.partitions().stream()
                  .filter(p -> p.leader() != null && !p.leader().isEmpty())
                  .count();
          state =
              "described with " + d.partitions().size() + " partitions, " + led + " with a leader";
          if (d.partitions().size() == partitions && led == partitions) {
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
              latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS);
            return;
          }
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof RetriableException)) {
            throw e;
          }
          lastError = e.getCause();
          state = e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage();
        } catch (TimeoutException e) {
          lastError = e;
          state = "no answer within 10 s";
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError(
              "topic '"
                  + topic
                  + "' was created but not every one of its "
                  + partitions
                  + " partitions had a leader answering ListOffsets within "
                  + boundMs / 1000
                  + " s; last seen: "
                  + state,
              lastError);
        }
        Thread.sleep(100);
      }
    }
  }

  /**
   * Sum over partitions of the latest offset: the number of records ever written to an unpruned
   * topic.
   */
  public static long endOffsetSum(String topic) throws Exception {
    try (Admin admin = admin()) {
      int partitions =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get(30, TimeUnit.SECONDS)
              .get(topic)
              .partitions()
              .size();
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      for (int p = 0; p < partitions; p++) {
        request.put(new TopicPartition(topic, p), OffsetSpec.latest());
      }
      return admin.listOffsets(request).all().get(30, TimeUnit.SECONDS).values().stream()
          .mapToLong(r -> r.offset())
          .sum();
    }
  }

  /** A key or value as UTF-8 text. */
  public static String str(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  /**
   * Reads every record of the topic from the beginning until {@code expected} have arrived or 30 s
   * pass.
   */
  public static List<ConsumerRecord<byte[], byte[]>> readAll(String topic, int expected) {
    return readAll(topic, expected, Duration.ofSeconds(30));
  }

  /** As above, waiting up to {@code timeout}. */
  public static List<ConsumerRecord<byte[], byte[]>> readAll(
      String topic, long expected, Duration timeout) {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap());
    p.put("enable.auto.commit", "false");
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      // Assigned, not subscribed: no group join to wait for on a loaded machine.
      List<TopicPartition> partitions =
          c.partitionsFor(topic).stream()
              .map(i -> new TopicPartition(topic, i.partition()))
              .toList();
      c.assign(partitions);
      c.seekToBeginning(partitions);
      long deadline = System.currentTimeMillis() + timeout.toMillis();
      while (out.size() < expected && System.currentTimeMillis() < deadline) {
        c.poll(Duration.ofMillis(200)).forEach(out::add);
      }
    }
    return out;
  }

  /** The outcome of one Gatling run in a child JVM. */
  public record GatlingRun(int exitCode, String output, long pid) {
    /** Gatling's final console count for a request: [total, ok, ko]. */
    public long[] counts(String requestName) {
      Matcher m =
          Pattern.compile(
                  "> "
                      + Pattern.quote(requestName)
                      + "\\s+\\|\\s+([\\d,]+) \\|\\s+([\\d,]+) \\|\\s+([\\d,]+)")
              .matcher(output);
      long[] last = null;
      while (m.find()) {
        last = new long[] {num(m.group(1)), num(m.group(2)), num(m.group(3))};
      }
      if (last == null) {
        throw new AssertionError(
            "no console line for request '" + requestName + "' in:\n" + tail());
      }
      return last;
    }

    /**
     * A line of Gatling's final "Global Information" block, for example "mean response time (ms)":
     * [total, ok, ko].
     */
    public String globalStat(String label) {
      Matcher m =
          Pattern.compile("> " + Pattern.quote(label) + "\\s+\\|\\s+([^|]+)\\|").matcher(output);
      String last = null;
      while (m.find()) {
        last = m.group(1).trim();
      }
      if (last == null) {
        throw new AssertionError("no '" + label + "' line in:\n" + tail());
      }
      return last;
    }

    /** Every number the run printed right after {@code label} and a space, in order. */
    public List<Long> numbersAfter(String label) {
      Matcher m = Pattern.compile(Pattern.quote(label) + " (\\d+)").matcher(output);
      List<Long> out = new ArrayList<>();
      while (m.find()) {
        out.add(Long.parseLong(m.group(1)));
      }
      return out;
    }

    public String tail() {
      return output.length() > 6000 ? output.substring(output.length() - 6000) : output;
    }

    private static long num(String s) {
      return Long.parseLong(s.replace(",", ""));
    }
  }

  /**
   * Runs a simulation the way the Gatling Maven plugin does: io.gatling.app.Gatling with the test
   * classpath and the given -D properties, in this JVM when the run allows it ({@link
   * InProcessGatling}), else in a new one. The run is bounded: it fails after {@code
   * timeoutSeconds}.
   */
  public static GatlingRun runGatling(
      String simulationClass, Map<String, String> props, int timeoutSeconds)
      throws IOException, InterruptedException {
    return runGatling(simulationClass, props, Map.of(), timeoutSeconds);
  }

  /** As above, with extra environment variables for the child JVM (where secrets come from). */
  public static GatlingRun runGatling(
      String simulationClass,
      Map<String, String> props,
      Map<String, String> env,
      int timeoutSeconds)
      throws IOException, InterruptedException {
    return runGatling(simulationClass, props, env, List.of(), timeoutSeconds);
  }

  /**
   * The JIT of the tests' Gatling JVMs: C1 only. Their runs last seconds, and C2 compiling at start
   * was about half of such a run's CPU-seconds (15 of 17 user+sys s for a 1 s baseline run; 8 with
   * C1 only) on a 2-core machine.
   */
  private static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

  /**
   * The tests' Gatling JVMs start quicker: C1 only (above), and no bytecode verification of the
   * class path (JDK classes are never verified anyway): about 0.5 s less per run, 8 % of a 1 s
   * baseline run's CPU-seconds, over the suite's 90 runs. Never for a user's run or a benchmark.
   */
  public static final List<String> QUICK_START =
      List.of(QUICK_JIT, "-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote");

  /**
   * The JVM options of a test that measures the injector's own process (its CPU, its heap, what
   * else runs in it): the run gets a JVM of its own, not the test's, which hosts the broker.
   */
  public static final List<String> OWN_PROCESS = List.of("-XX:+UseParallelGC");

  /**
   * The JVM options of a run that tests what only a JVM of its own does (a dry run's exit 0): the
   * JVM's default class data sharing, given so that the run gets a child JVM.
   */
  public static final List<String> OWN_JVM = List.of("-Xshare:auto");

  /**
   * The JVM option for a test whose load needs the full JIT (a sustained high rate): given later,
   * it wins.
   */
  public static final String FULL_JIT = "-XX:TieredStopAtLevel=4";

  /**
   * As above, with JVM options for the child JVM, for example a smaller heap. The suite checks
   * behaviour, not speed: unless a test sets them, the latency and throughput gates get values a
   * busy machine cannot fail ({@code gate.p99Ms} 10 min, {@code gate.minRps} 0), so a loaded CI
   * machine cannot turn a delivery test red. The JIT is C1 only unless the options include {@link
   * #FULL_JIT}.
   */
  public static GatlingRun runGatling(
      String simulationClass,
      Map<String, String> props,
      Map<String, String> env,
      List<String> jvmOptions,
      int timeoutSeconds)
      throws IOException, InterruptedException {
    boolean inJvm = InProcessGatling.suits(simulationClass, props, jvmOptions);
    List<String> options = new ArrayList<>(QUICK_START);
    options.addAll(jvmOptions);
    jvmOptions = options;
    props = new LinkedHashMap<>(props);
    props.putIfAbsent("gate.p99Ms", "600000");
    props.putIfAbsent("gate.minRps", "0");
    Path logs = Paths.get("target", "it-logs");
    Files.createDirectories(logs);
    Path log =
        logs.resolve(
            simulationClass.substring(simulationClass.lastIndexOf('.') + 1)
                + "-"
                + System.nanoTime()
                + ".log");
    long start = System.nanoTime();
    if (inJvm) {
      props.putIfAbsent("gatling.data.enableAnalytics", "false");
      GatlingRun run =
          InProcessGatling.run(
              simulationClass, props, env, Paths.get("target", "gatling-it"), log, timeoutSeconds);
      RunTimes.record(simulationClass, true, start);
      return run;
    }
    List<String> cmd =
        GatlingJvm.command(simulationClass, props, Paths.get("target", "gatling-it"), jvmOptions);
    ProcessBuilder builder =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(env);
    RunTimes.childStarting();
    Process process = builder.start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError(
          simulationClass + " did not finish within " + timeoutSeconds + " s; log: " + log);
    }
    RunTimes.record(simulationClass, false, start);
    return new GatlingRun(
        process.exitValue(), Files.readString(log, StandardCharsets.UTF_8), process.pid());
  }

  /**
   * Runs the tasks two at a time (as BadInputIT runs its methods) and returns their results in the
   * order given; the first task that threw is rethrown once all have ended. For runs that stop
   * before any load (bad input) or whose assertions do not depend on the machine's speed.
   */
  public static <T> List<T> sideBySide(List<Callable<T>> tasks) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, Math.max(1, tasks.size())));
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> task : tasks) {
        futures.add(pool.submit(task));
      }
      // Every task ends before a failure is rethrown: no child JVM outlives the test.
      List<T> results = new ArrayList<>();
      Throwable first = null;
      for (Future<T> f : futures) {
        try {
          results.add(f.get());
        } catch (ExecutionException e) {
          first = first == null ? e.getCause() : first;
        }
      }
      if (first instanceof Exception e) {
        throw e;
      }
      if (first instanceof Error e) {
        throw e;
      }
      return results;
    } finally {
      pool.shutdown();
    }
  }

  /**
   * The run's report directory (Gatling's report, simulation.log, kafka.html, ...), from the
   * console's page link.
   */
  public static Path reportDir(GatlingRun run) {
    Matcher m = Pattern.compile("Kafka page: file://(\\S+)").matcher(run.output());
    if (!m.find()) {
      throw new AssertionError("the console prints the Kafka page's path:\n" + run.tail());
    }
    return Paths.get(m.group(1)).getParent();
  }

  /** The run's kafka-summary.json. */
  public static JsonNode summaryJson(GatlingRun run) throws IOException {
    return new ObjectMapper().readTree(reportDir(run).resolve("kafka-summary.json").toFile());
  }

  /**
   * None of the secrets appears in the run's console, nor in any file of its report directory
   * (simulation.log, js/*, kafka-summary.json, kafka.html, the JUnit file), read byte for byte.
   */
  public static void assertNoSecrets(GatlingRun run, Path reportDir, String... secrets)
      throws IOException {
    for (String secret : secrets) {
      if (run.output().contains(secret)) {
        throw new AssertionError("the console shows a secret:\n" + run.tail());
      }
    }
    if (reportDir == null) {
      return;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(reportDir)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    if (files.isEmpty()) {
      throw new AssertionError("no report files in " + reportDir);
    }
    for (Path f : files) {
      String content = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
      for (String secret : secrets) {
        if (content.contains(secret)) {
          throw new AssertionError(f + " holds a secret");
        }
      }
    }
  }

  public static Map<String, String> props(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  public static String headers(ConsumerRecord<byte[], byte[]> r) {
    return StreamSupport.stream(r.headers().spliterator(), false)
        .map(h -> h.key() + "=" + new String(h.value(), StandardCharsets.UTF_8))
        .collect(Collectors.joining(","));
  }
}
