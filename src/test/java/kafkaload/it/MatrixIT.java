package kafkaload.it;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * bench/matrix end to end, as a user runs it (the Matrix main in its own JVM, which starts its own
 * broker process and one Gatling JVM per cell): a 2-cell grid with short phases writes the CSV, the
 * Markdown and the HTML with both cells, and each cell's figures are those of its own Gatling run
 * and Kafka summary. No timing is asserted.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md): a benchmark sweep, as
// BenchScriptIT
class MatrixIT {
  private static final int DURATION = 3;

  record Run(int exitCode, String output) {}

  static Run matrix(Path out, String... props) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-Dmatrix.out=" + out));
    for (String p : props) {
      cmd.add("-D" + p);
    }
    cmd.addAll(
        List.of("-cp", System.getProperty("java.class.path"), "kafkaload.bench.matrix.Matrix"));
    Path log = Files.createTempFile("matrix", ".log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      fail("the matrix did not finish within 300 s: " + Files.readString(log));
    }
    return new Run(p.exitValue(), Files.readString(log));
  }

  @Test
  void twoCellGridWritesCsvMarkdownAndHtmlWithEachCellsOwnFigures() throws Exception {
    Path out = Paths.get("target", "matrix-it").toAbsolutePath();
    Run run =
        matrix(
            out,
            "matrix.users=1,2",
            "matrix.topic.replication=1",
            "matrix.topic.partitions=2",
            "matrix.batch.size=16384",
            "warmup=1",
            "duration=" + DURATION);
    assertEquals(0, run.exitCode(), run.output());

    List<String> lines = Files.readAllLines(out.resolve("matrix.csv"));
    assertEquals(3, lines.size(), "a header and two cells: " + lines);
    List<String> header = List.of(lines.get(0).split(","));
    for (int i = 1; i <= 2; i++) {
      Map<String, String> row = new HashMap<>();
      String[] cols = lines.get(i).split(",", -1);
      for (int c = 0; c < header.size(); c++) {
        row.put(header.get(c), cols[c]);
      }
      assertEquals("cell-00" + i, row.get("cell"));
      assertEquals("ok", row.get("status"), lines.get(i));
      assertEquals(String.valueOf(i), row.get("users"));
      long sentOk = Long.parseLong(row.get("sent_ok"));
      double msgPerSec = Double.parseDouble(row.get("msg_per_s"));
      assertTrue(msgPerSec > 0, lines.get(i));
      assertEquals(sentOk / (double) DURATION, msgPerSec, 0.1);
      assertEquals(msgPerSec * 512 / 1_048_576.0, Double.parseDouble(row.get("mb_per_s")), 0.001);
      assertTrue(Double.parseDouble(row.get("p50_ms")) <= Double.parseDouble(row.get("p99_ms")));
      assertEquals(0.0, Double.parseDouble(row.get("error_pct")));
      assertTrue(Double.parseDouble(row.get("cpu_us_per_msg")) > 0, lines.get(i));
      assertEquals("0", row.get("lost"));

      // The figures are the cell's own run: Gatling's console count of "send", and the ack-latency
      // histogram
      // of kafka-summary.json, which the protocol records apart from Gatling.
      Path index = out.resolve(row.get("report"));
      assertTrue(Files.isRegularFile(index), index.toString());
      String console =
          Files.readString(out.resolve("cells").resolve(row.get("cell")).resolve("gatling.log"));
      assertEquals(sentOk, new KafkaTestSupport.GatlingRun(0, console, 0).counts("send")[1]);
      JsonNode summary =
          new ObjectMapper().readTree(index.resolveSibling("kafka-summary.json").toFile());
      JsonNode protocol = summary.get("protocols").get(0);
      assertEquals(sentOk, protocol.get("ackLatencyMs").get("send").get("count").asLong());
      assertEquals(
          "16384", protocol.get("config").get("producerProperties").get("batch.size").asText());
    }

    String md = Files.readString(out.resolve("matrix.md"));
    assertTrue(md.contains("| users | RF 1 |"), md);
    assertTrue(Pattern.compile("\\| 1 \\| \\d+\\.\\d\\d").matcher(md).find(), md);
    assertTrue(Pattern.compile("\\| 2 \\| \\d+\\.\\d\\d").matcher(md).find(), md);
    assertTrue(md.contains("| cell-001 |") && md.contains("| cell-002 |"), md);

    Path html = out.resolve("matrix.html");
    String page = Files.readString(html, StandardCharsets.UTF_8);
    assertTrue(
        page.contains("\"cell-001\"") && page.contains("\"cell-002\""),
        "both cells in the page data");
    assertTrue(Files.isRegularFile(out.resolve("matrix-echarts.min.js")));
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(KafkaPageIT.chromium(), "--dump-dom", html.toUri().toString());
    assertTrue(dom.stdout().contains("data-rendered=\"true\""), "the page script ran to its end");
    assertEquals(
        1, Pattern.compile("<canvas").matcher(dom.stdout()).results().count(), "one chart: users");
    KafkaPageIT.assertNoScriptErrors(dom);
    assertEquals(2, KafkaPageIT.points(dom, "chart-users"), "one bar per cell");
    long links =
        Pattern.compile("href=\"cells/cell-00[12]/[^\"]+/index.html\"")
            .matcher(dom.stdout())
            .results()
            .count();
    assertEquals(2, links, "each cell links its Gatling report");
  }
}
