package kafkaload.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatling.charts.stats.RunInfo;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.assertion.Assertion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.distributed.SimulationLogs;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Writes N injectors' results with {@code requests} requests each, as the launcher leaves them
 * (simulation.log through Gatling's writer, injector.json, a minimal kafka-summary.json), to
 * measure the merge's time and memory on a large run without sending it (bench/distributed.sh).
 *
 * <pre>
 * java ... kafkaload.bench.SyntheticInjectorLogs &lt;root&gt; &lt;injectors&gt; &lt;requests per injector&gt;
 * </pre>
 */
public final class SyntheticInjectorLogs {
  private SyntheticInjectorLogs() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    int n = Integer.parseInt(args[1]);
    long requests = Long.parseLong(args[2]);
    long start = System.currentTimeMillis() - 3_600_000;
    // 20,000 requests/s per injector: a 10-million-request run of 3 injectors lasts under 3
    // minutes.
    long perMs = 20;
    RunInfo info =
        new RunInfo(
            start,
            start + requests / perMs + 1000,
            "simulations.ConstantRateSimulation",
            "",
            start,
            new String[] {"arrivals"},
            CollectionConverters.asScala(List.<Assertion>of()).toList());
    SimulationLogs.Header like = new SimulationLogs.Header(root.resolve("none"), info);
    scala.collection.immutable.List<String> noGroups =
        CollectionConverters.asScala(List.<String>of()).toList();
    for (int i = 0; i < n; i++) {
      Path dir = root.resolve("injector-" + i);
      Path gatling = dir.resolve("gatling");
      Files.createDirectories(gatling);
      Path log;
      try (SimulationLogs.Writer w =
          new SimulationLogs.Writer(gatling, "constantratesimulation", like, start + i, "")) {
        for (long r = 0; r < requests; r++) {
          long t = start + i + r / perMs;
          w.write(
              new io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$User(
                  "arrivals", t, true));
          long rt = (r * 7919) % 50;
          w.write(
              new io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$Response(
                  "", noGroups, "send", t, t + rt, OK$.MODULE$, Option.empty(), Option.empty()));
          w.write(
              new io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$User(
                  "arrivals", t + rt, false));
        }
        log = w.file();
      }
      // A minimal kafka-summary.json: no Kafka protocol, a healthy injector, no timeline.
      InjectorResults health =
          new InjectorResults(
              false,
              List.of(),
              new InjectorResults.Windows(new InjectorResults.LoadWindow(0.0, 600.0), null, null),
              new InjectorResults.Cpu(0, 0, 0, null),
              new InjectorResults.Memory(
                  0, 0, 0, new InjectorResults.HeapAfterGc(null, null, null)),
              new InjectorResults.EventLoopDelay(0, 0, 100, 0, 0, 0),
              new InjectorResults.Bounds(90, 10, 10, 1000, 0.1, 100));
      Files.writeString(
          log.resolveSibling("kafka-summary.json"),
          ResultsJson.write(
              new RunResults(
                  RunResults.SCHEMA_VERSION,
                  new RunResults.Period("2026-01-01T00:00:00Z", "2026-01-01T00:10:00Z", 600),
                  Map.of(),
                  List.of(),
                  null,
                  health,
                  List.of(),
                  null,
                  null,
                  null)));
      Map<String, Object> marker = new LinkedHashMap<>();
      marker.put("index", i);
      marker.put("count", n);
      marker.put("runId", "synthetic");
      marker.put("startAtMillis", start);
      marker.put("gatlingExitCode", 0);
      marker.put("log", dir.toAbsolutePath().relativize(log.toAbsolutePath()).toString());
      marker.put("logBytes", Files.size(log));
      marker.put("logSha256", sha256(log));
      marker.put(
          "kafkaSummary",
          dir.toAbsolutePath()
              .relativize(log.toAbsolutePath().resolveSibling("kafka-summary.json"))
              .toString());
      Files.writeString(
          dir.resolve("injector.json"), new ObjectMapper().writeValueAsString(marker));
      System.out.println(log + " " + Files.size(log) + " bytes");
    }
  }

  private static String sha256(Path f) throws Exception {
    MessageDigest d = MessageDigest.getInstance("SHA-256");
    try (var in = Files.newInputStream(f)) {
      byte[] b = new byte[1 << 16];
      for (int k; (k = in.read(b)) > 0; ) {
        d.update(b, 0, k);
      }
    }
    return HexFormat.of().formatHex(d.digest());
  }
}
