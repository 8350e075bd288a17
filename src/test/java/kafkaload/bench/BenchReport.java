package kafkaload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the logs of bench/producer-vs-perf.sh ({@code run-<name>-<round>.log/.time/.jtl}) and
 * prints a markdown table, one row per tool (medians over the rounds), with the ratios against
 * ProducerPerformance. Every tool is measured the same way: CPU of its whole process from JVM start
 * to the end of its load (ProducerPerformance and JMeter: to exit, /usr/bin/time; Gatling: its own
 * reading when the load ends, before it parses its log for the assertions), divided by every
 * message it sent; peak RSS of the whole process (/usr/bin/time); msg/s over its timed run
 * (ProducerPerformance: its own figure; JMeter: from the moment all its threads have their
 * producer); latency from its own records: ProducerPerformance's summary line, Gatling's
 * kafka-summary.json (the ack latency of "send"), JMeter's JTL. Beside it, Gatling's CPU per
 * message during its measured load (kafka-summary.json's {@code injector.loadCpu}: from the first
 * request outside the warm-up to the load's end, over the records acked in it); the other tools
 * have no such figure (n/a).
 */
public final class BenchReport {
  static final Pattern PERF =
      Pattern.compile(
          "(\\d+) records sent, ([\\d.]+) records/sec \\(([\\d.]+) MB/sec\\).*?(\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th, (\\d+) ms 99.9th");
  private static final Pattern TIME = Pattern.compile("TIME ([\\d.]+) ([\\d.]+) ([\\d.]+) (\\d+)");
  private static final Pattern INJECTOR_CPU = Pattern.compile("injector CPU so far: ([\\d.]+) s");
  static final Pattern KAFKA_PAGE = Pattern.compile("Kafka page: file://(\\S+)/kafka\\.html");
  private static final ObjectMapper JSON = new ObjectMapper();

  enum Tool {
    PERF,
    GATLING,
    JMETER
  }

  /** One measured run; errors are failed sends (KOs), which no rate counts. */
  record Row(
      double msgPerSec,
      double mbPerSec,
      double p50,
      double p99,
      double p999,
      double cpuPerMillion,
      double rssMb,
      double errors,
      double afterLoadCpuPerMillion,
      double duringLoadCpuPerMillion) {}

  record Spec(String name, Tool tool, String label, String baseline) {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    Map<String, String> env = System.getenv();
    int rounds = Integer.parseInt(env.get("ROUNDS"));
    int seconds = Integer.parseInt(env.get("SECONDS_RUN"));
    int recordSize = Integer.parseInt(env.get("RECORD_SIZE"));
    String rate = String.format("%,d", Integer.parseInt(env.get("RATE")));
    List<Spec> specs =
        List.of(
            new Spec("perf", Tool.PERF, "Kafka ProducerPerformance, unthrottled", null),
            new Spec(
                "gatling-closed",
                Tool.GATLING,
                "Gatling protocol, closed model, " + env.get("USERS") + " users",
                "perf"),
            new Spec(
                "perf-throttled",
                Tool.PERF,
                "Kafka ProducerPerformance, throttled at " + rate + "/s",
                null),
            new Spec(
                "gatling-open",
                Tool.GATLING,
                "Gatling protocol, open model at " + rate + "/s",
                "perf-throttled"),
            new Spec(
                "jmeter",
                Tool.JMETER,
                "JMeter 5.6.3 JSR223, " + env.get("THREADS") + " threads",
                "perf"),
            new Spec(
                "gatling-eq",
                Tool.GATLING,
                "Gatling protocol, closed model, " + env.get("THREADS") + " users",
                "perf"),
            new Spec(
                "gatling-eq-per-user",
                Tool.GATLING,
                "Gatling protocol, closed model, "
                    + env.get("THREADS")
                    + " users, a producer per user",
                "perf"));

    Map<String, Row> med = new LinkedHashMap<>();
    for (Spec s : specs) {
      if (!Files.exists(dir.resolve("run-" + s.name() + "-1.time"))) {
        continue; // an arm the script was told not to run (ARMS)
      }
      List<Row> rows = new ArrayList<>();
      for (int r = 1; r <= rounds; r++) {
        rows.add(read(dir, s.name() + "-" + r, s.tool(), seconds, recordSize));
      }
      med.put(s.name(), median(rows));
    }

    System.out.printf(
        "%n| tool (median of %d rounds) | msg/s | MB/s | p50 ms | p99 ms | p99.9 ms | CPU-s per M msgs"
            + " | CPU-s per M msgs, during the load | peak RSS MB | msg/s vs PP | CPU/msg vs PP |%n"
            + "|---|---|---|---|---|---|---|---|---|---|---|%n",
        rounds);
    for (Spec s : specs) {
      Row r = med.get(s.name());
      if (r == null) {
        continue;
      }
      Row b = s.baseline() == null ? null : med.get(s.baseline());
      System.out.printf(
          "| %s | %,.0f | %s | %s | %s | %s | %.1f | %s | %.0f | %s | %s |%n",
          s.label(),
          r.msgPerSec(),
          String.format(r.mbPerSec() < 10 ? "%.2f" : "%.1f", r.mbPerSec()),
          ms(r.p50()),
          ms(r.p99()),
          ms(r.p999()),
          r.cpuPerMillion(),
          OpenModelReport.cpu(r.duringLoadCpuPerMillion()),
          r.rssMb(),
          b == null ? "1" : String.format("%.2f", r.msgPerSec() / b.msgPerSec()),
          b == null ? "1" : String.format("%.2f", r.cpuPerMillion() / b.cpuPerMillion()));
    }
    Row jmeter = med.get("jmeter");
    for (String eq :
        jmeter == null ? List.<String>of() : List.of("gatling-eq", "gatling-eq-per-user")) {
      Row g = med.get(eq);
      System.out.printf(
          "%n%s / JMeter at %s concurrent senders: msg/s %.2f, CPU per message %.2f",
          eq,
          env.get("THREADS"),
          g.msgPerSec() / jmeter.msgPerSec(),
          g.cpuPerMillion() / jmeter.cpuPerMillion());
    }
    if (med.containsKey("gatling-closed")) {
      System.out.printf(
          "%nAfter the load, Gatling parses its simulation.log for the assertions: a further %.1f CPU-s"
              + " per M msgs (closed model, %s users), not counted above.%n",
          med.get("gatling-closed").afterLoadCpuPerMillion(), env.get("USERS"));
    }
    med.forEach(
        (name, r) -> {
          if (r.errors() > 0) {
            System.out.printf(
                "WARNING: %s had %.0f failed sends (median), not counted in msg/s%n",
                name, r.errors());
          }
        });
  }

  static Row read(Path dir, String run, Tool tool, int seconds, int recordSize) throws Exception {
    double[] t = time(dir.resolve("run-" + run + ".time"));
    double cpu = t[1] + t[2];
    double rssMb = t[3] / 1024;
    String log = Files.readString(dir.resolve("run-" + run + ".log"));
    switch (tool) {
      case PERF:
        {
          Matcher m = last(PERF, log, run);
          double n = Double.parseDouble(m.group(1));
          return new Row(
              Double.parseDouble(m.group(2)),
              Double.parseDouble(m.group(3)),
              Double.parseDouble(m.group(4)),
              Double.parseDouble(m.group(6)),
              Double.parseDouble(m.group(7)),
              cpu / n * 1e6,
              rssMb,
              0,
              0,
              Double.NaN);
        }
      case GATLING:
        {
          JsonNode summary =
              JSON.readTree(
                  Paths.get(last(KAFKA_PAGE, log, run).group(1), "kafka-summary.json").toFile());
          JsonNode p = summary.path("protocols").path(0);
          JsonNode send = p.path("ackLatencyMs").path("send");
          JsonNode tp = p.path("throughput");
          double rate = send.path("count").asDouble() / seconds;
          double sent = tp.path("ackedOk").asDouble() + tp.path("failed").asDouble();
          // The injector's CPU when the load ends: afterwards Gatling parses simulation.log for its
          // assertions, which
          // is analysis, not load generation (reported apart).
          double injector = Double.parseDouble(last(INJECTOR_CPU, log, run).group(1));
          return new Row(
              rate,
              rate * recordSize / 1_048_576.0,
              send.path("p50").asDouble(),
              send.path("p99").asDouble(),
              send.path("p99.9").asDouble(),
              injector / sent * 1e6,
              rssMb,
              tp.path("failed").asDouble(),
              (cpu - injector) / sent * 1e6,
              duringLoadCpuPerMillion(summary));
        }
      default:
        {
          // JTL (CSV): timeStamp (sample start), elapsed, ..., threadName, ..., success, ... Each
          // thread's first sample
          // also creates its producer and compiles the script (Gatling and ProducerPerformance do
          // that before their
          // clock starts), so the steady window opens when every thread has finished its first
          // sample.
          List<String> lines = Files.readAllLines(dir.resolve("run-" + run + ".jtl"));
          List<String> header = Arrays.asList(lines.get(0).split(","));
          int stampCol = header.indexOf("timeStamp");
          int elapsedCol = header.indexOf("elapsed");
          int threadCol = header.indexOf("threadName");
          int successCol = header.indexOf("success");
          int lastCol = Math.max(Math.max(stampCol, elapsedCol), Math.max(threadCol, successCol));
          Map<String, Long> firstEnd = new HashMap<>();
          List<long[]> samples = new ArrayList<>(); // end, elapsed, ok
          for (String line : lines.subList(1, lines.size())) {
            List<String> c = csv(line, lastCol);
            long elapsed = Long.parseLong(c.get(elapsedCol));
            long endMs = Long.parseLong(c.get(stampCol)) + elapsed;
            if (firstEnd.putIfAbsent(c.get(threadCol), endMs) == null) {
              continue;
            }
            samples.add(new long[] {endMs, elapsed, "true".equals(c.get(successCol)) ? 1 : 0});
          }
          long windowStart = firstEnd.values().stream().mapToLong(Long::longValue).max().orElse(0);
          long windowEnd = samples.stream().mapToLong(x -> x[0]).max().orElse(0);
          double[] sorted =
              samples.stream()
                  .filter(x -> x[0] > windowStart && x[2] == 1)
                  .mapToDouble(x -> x[1])
                  .sorted()
                  .toArray();
          if (sorted.length == 0) {
            throw new IllegalStateException(
                run + ": no successful JMeter sample after every thread's first; see its log");
          }
          double rate = sorted.length / ((windowEnd - windowStart) / 1000.0);
          long failed = samples.stream().filter(x -> x[2] == 0).count();
          return new Row(
              rate,
              rate * recordSize / 1_048_576.0,
              pct(sorted, 50),
              pct(sorted, 99),
              pct(sorted, 99.9),
              cpu / (lines.size() - 1) * 1e6,
              rssMb,
              failed,
              0,
              Double.NaN);
        }
    }
  }

  /**
   * A Gatling run's CPU per million messages during its measured load (µs per message is CPU-s per
   * million), from its kafka-summary.json; NaN when it has none.
   */
  static double duringLoadCpuPerMillion(JsonNode summary) {
    JsonNode v = summary.path("injector").path("loadCpu").path("microsPerMessage");
    return v.isNumber() ? v.asDouble() : Double.NaN;
  }

  /**
   * The first {@code last + 1} fields of a CSV line; JMeter quotes a field holding a comma (error
   * messages).
   */
  static List<String> csv(String line, int last) {
    List<String> out = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length() && out.size() <= last; i++) {
      char ch = line.charAt(i);
      if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        out.add(field.toString());
        field.setLength(0);
      } else {
        field.append(ch);
      }
    }
    if (out.size() <= last) {
      out.add(field.toString());
    }
    return out;
  }

  /** Nearest-rank percentile, as HdrHistogram and ProducerPerformance report it. */
  static double pct(double[] sorted, double q) {
    int rank = (int) Math.ceil(q / 100 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  private static String ms(double v) {
    return v < 10 ? String.format("%.1f", v) : String.format("%,.0f", v);
  }

  private static Row median(List<Row> rows) {
    return new Row(
        median(rows, Row::msgPerSec),
        median(rows, Row::mbPerSec),
        median(rows, Row::p50),
        median(rows, Row::p99),
        median(rows, Row::p999),
        median(rows, Row::cpuPerMillion),
        median(rows, Row::rssMb),
        median(rows, Row::errors),
        median(rows, Row::afterLoadCpuPerMillion),
        median(rows, Row::duringLoadCpuPerMillion));
  }

  /** The median of {@code f} over {@code rows}, NaN values left out; NaN when none is left. */
  static <T> double median(List<T> rows, ToDoubleFunction<T> f) {
    double[] v = rows.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  static double[] time(Path p) throws Exception {
    Matcher m = last(TIME, Files.readString(p), p.toString());
    return new double[] {
      Double.parseDouble(m.group(1)),
      Double.parseDouble(m.group(2)),
      Double.parseDouble(m.group(3)),
      Double.parseDouble(m.group(4))
    };
  }

  static Matcher last(Pattern p, String text, String run) {
    Matcher m = p.matcher(text);
    int at = -1;
    while (m.find()) {
      at = m.start();
    }
    if (at < 0) {
      throw new IllegalStateException(
          run
              + ": pattern "
              + p
              + " not found in:\n"
              + text.substring(Math.max(0, text.length() - 3000)));
    }
    m.find(at);
    return m;
  }
}
