package kafkaload.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the logs of bench/producer-vs-perf.sh and prints one row per tool (medians over the rounds) and the ratios.
 * CPU includes JVM start for both tools: ProducerPerformance's is the whole process (user + sys, /usr/bin/time);
 * Gatling's is its process CPU when the run ends, before the HTML report is generated.
 */
public final class BenchReport {
  private static final Pattern PERF = Pattern.compile(
      "(\\d+) records sent, ([\\d.]+) records/sec \\(([\\d.]+) MB/sec\\).*?(\\d+) ms 50th, (\\d+) ms 95th, (\\d+) ms 99th, (\\d+) ms 99.9th");
  private static final Pattern SEND = Pattern.compile("> send\\s+\\|\\s+([\\d,]+) \\|\\s+([\\d,]+) \\|\\s+([\\d,]+)");
  private static final Pattern INJECTOR_CPU = Pattern.compile("injector CPU so far: ([\\d.]+) s");
  private static final Pattern TIME = Pattern.compile("TIME ([\\d.]+) ([\\d.]+) ([\\d.]+) (\\d+)");

  record Row(double msgs, double msgPerSec, double mbPerSec, double p50, double p99, double cpuPerMillion, double rssMb) {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    int rounds = Integer.parseInt(args[1]);
    int recordSize = Integer.parseInt(args[2]);
    int gatlingSeconds = Integer.parseInt(System.getenv().getOrDefault("SECONDS_GATLING", "40"));
    List<Row> perf = new ArrayList<>();
    List<Row> gatling = new ArrayList<>();
    for (int r = 1; r <= rounds; r++) {
      double[] t = time(dir.resolve("perf-" + r + ".time"));
      Matcher m = last(PERF, Files.readString(dir.resolve("perf-" + r + ".log")));
      double n = Double.parseDouble(m.group(1));
      perf.add(new Row(n, Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)),
          Double.parseDouble(m.group(4)), Double.parseDouble(m.group(6)), (t[1] + t[2]) / n * 1e6, t[3] / 1024));

      String log = Files.readString(dir.resolve("gatling-" + r + ".log"));
      double[] g = time(dir.resolve("gatling-" + r + ".time"));
      Matcher s = last(SEND, log);
      double ok = Double.parseDouble(s.group(2).replace(",", ""));
      double rate = ok / gatlingSeconds;
      gatling.add(new Row(ok, rate, rate * recordSize / 1_048_576.0, stat(log, "response time 50th percentile (ms)"),
          stat(log, "response time 99th percentile (ms)"), injectorCpu(log) / ok * 1e6, g[3] / 1024));
    }
    Row p = median(perf);
    Row g = median(gatling);
    System.out.printf("%n%-34s %10s %9s %8s %8s %14s %9s%n", "tool (median of " + rounds + " rounds)", "msg/s", "MB/s",
        "p50 ms", "p99 ms", "CPU-s/M msgs", "RSS MB");
    print("Kafka ProducerPerformance", p);
    print("Gatling kafka protocol (closed)", g);
    System.out.printf("%nratio Gatling / ProducerPerformance: msg/s %.2f, CPU per message %.2f%n",
        g.msgPerSec() / p.msgPerSec(), g.cpuPerMillion() / p.cpuPerMillion());
    System.out.println("(ProducerPerformance's latency includes time queued in its client, since it never waits for"
        + " acks; Gatling's is per-record ack latency of users that wait for their ack.)");
  }

  private static void print(String name, Row r) {
    System.out.printf("%-34s %10.0f %9.2f %8.0f %8.0f %14.1f %9.0f%n", name, r.msgPerSec(), r.mbPerSec(), r.p50(),
        r.p99(), r.cpuPerMillion(), r.rssMb());
  }

  private static Row median(List<Row> rows) {
    return new Row(med(rows, Row::msgs), med(rows, Row::msgPerSec), med(rows, Row::mbPerSec), med(rows, Row::p50),
        med(rows, Row::p99), med(rows, Row::cpuPerMillion), med(rows, Row::rssMb));
  }

  private static double med(List<Row> rows, java.util.function.ToDoubleFunction<Row> f) {
    double[] v = rows.stream().mapToDouble(f).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  /** Gatling's CPU up to the end of the run, before its report generation re-reads the whole log. */
  private static double injectorCpu(String log) {
    return Double.parseDouble(last(INJECTOR_CPU, log).group(1));
  }

  private static double[] time(Path p) throws Exception {
    Matcher m = last(TIME, Files.readString(p));
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
        Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))};
  }

  private static double stat(String log, String label) {
    Matcher m = Pattern.compile("> " + Pattern.quote(label) + "\\s+\\|\\s+([\\d,]+)").matcher(log);
    String last = null;
    while (m.find()) {
      last = m.group(1);
    }
    return last == null ? Double.NaN : Double.parseDouble(last.replace(",", ""));
  }

  private static Matcher last(Pattern p, String text) {
    Matcher m = p.matcher(text);
    Matcher found = null;
    int start = 0;
    while (m.find(start)) {
      found = p.matcher(text);
      found.find(m.start());
      start = m.end();
    }
    if (found == null) {
      throw new IllegalStateException("pattern " + p + " not found in:\n" + text.substring(Math.max(0, text.length() - 3000)));
    }
    return found;
  }
}
