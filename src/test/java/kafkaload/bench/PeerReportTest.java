package kafkaload.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The galaxio side of bench/peer-galaxio.sh's report: Gatling's console statistics, read back. */
class PeerReportTest {
  /** Gatling 3.15.1's "Global Information" as its reports-only mode prints it. */
  static String globalInformation(long ok, long ko, int p50, int p99) {
    return String.join(
        "\n",
        "Generating reports...",
        "",
        "=".repeat(120),
        "---- Global Information -------------------------------------------------------------"
            + "|---Total---|-----OK----|----KO----",
        String.format(
            "> request count                                                                      "
                + "|%10s |%10s |%10s",
            String.format("%,d", ok + ko),
            String.format("%,d", ok),
            ko == 0 ? "-" : String.format("%,d", ko)),
        "> response time 50th percentile (ms)                                                 |"
            + String.format("%10d |%10d |%10s", p50, p50, "-"),
        "> response time 75th percentile (ms)                                                 |"
            + String.format("%10d |%10d |%10s", p50 + 1, p50 + 1, "-"),
        "> response time 99th percentile (ms)                                                 |"
            + String.format("%10d |%10d |%10s", p99, p99, "-"),
        "=".repeat(120),
        "");
  }

  @Test
  void readsTheCountsAndPercentilesOfGatlingsConsoleStatistics() {
    String report = globalInformation(1_234_567, 0, 53, 647);
    assertArrayEquals(
        new double[] {1_234_567, 1_234_567, 0}, PeerReport.global(report, "request count", "run"));
    assertEquals(647, PeerReport.global(report, "response time 99th percentile (ms)", "run")[1], 0);
    assertArrayEquals(
        new double[] {1_000_012, 1_000_000, 12},
        PeerReport.global(globalInformation(1_000_000, 12, 1, 2), "request count", "run"));
  }

  @Test
  void aMissingRowNamesTheRun() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                PeerReport.global("Parsing log file(s)...", "request count", "galaxio-open-40-1"));
    assertEquals(true, e.getMessage().startsWith("galaxio-open-40-1: "));
  }

  @Test
  void wholeCpuIsPerMessageOfTheLongRunAndMarginalIsTheDifferenceOverTheExtraMessages(
      @TempDir Path dir) throws Exception {
    // short run: 10 s, 100,000 msgs, 8 + 2 CPU-s; long run: 20 s, 300,000 msgs, 15 + 3 CPU-s.
    write(dir, "galaxio-closed-10-1", "TIME 15.0 8.0 2.0 204800", 100_000, 5, 40);
    write(dir, "galaxio-closed-20-1", "TIME 25.0 15.0 3.0 307200", 300_000, 7, 30);
    PeerReport.Figures f = PeerReport.figures(dir, "galaxio-closed", 1, 10, 20);
    assertEquals(300_000 / 20.0, f.msgPerSec(), 1e-9);
    assertEquals(7, f.p50(), 0);
    assertEquals(30, f.p99(), 0);
    assertEquals((15 + 3) / 300_000.0 * 1e6, f.wholeCpuPerM(), 1e-9);
    assertEquals((18 - 10) / 200_000.0 * 1e6, f.marginalCpuPerM(), 1e-9);
    assertEquals(300, f.rssMb(), 1e-9);
    assertEquals(true, Double.isNaN(f.brokerCpuPerM()), "no .broker file: the broker was given");
  }

  @Test
  void theBrokersCpuIsPerMessageOfTheLongRun(@TempDir Path dir) throws Exception {
    write(dir, "galaxio-closed-10-1", "TIME 15.0 8.0 2.0 204800", 100_000, 5, 40);
    write(dir, "galaxio-closed-20-1", "TIME 25.0 15.0 3.0 307200", 300_000, 7, 30);
    Files.writeString(dir.resolve("run-galaxio-closed-20-1.broker"), "BROKER_CPU 4.5\n");
    assertEquals(
        4.5 / 300_000.0 * 1e6,
        PeerReport.figures(dir, "galaxio-closed", 1, 10, 20).brokerCpuPerM(),
        1e-9);
  }

  @Test
  void aRatioToAPeerFigureOfZeroIsNotAvailableNotInfinite() {
    assertEquals("0.50x", PeerReport.ratio(0.5, 1.0));
    assertEquals("n/a", PeerReport.ratio(0.3, 0.0));
    assertEquals("n/a", PeerReport.ratio(0.3, Double.NaN));
  }

  @Test
  void pairedRatiosAreTakenWithinEachRoundThenTheirMedian() {
    // Round 2 is slow for both tools; within the rounds ours is 1.05x, 1.10x and 0.95x the peer.
    List<PeerReport.Figures> peer =
        List.of(figures(200, 10, 20), figures(100, 10, 20), figures(220, 10, 20));
    List<PeerReport.Figures> ours =
        List.of(figures(210, 8, 20), figures(110, 9, 18), figures(209, 7, 30));
    assertEquals(
        "paired, X: median of the per-round ratios: msg/s 1.05x, whole CPU per msg 0.80x,"
            + " p99 1.00x; msg/s at least the peer's in 2 of 3 rounds",
        PeerReport.paired("X", ours, peer));
  }

  private static PeerReport.Figures figures(double msgPerSec, double whole, double p99) {
    return new PeerReport.Figures(msgPerSec, 1, p99, whole, whole, 300, 0, 3);
  }

  private static void write(Path dir, String run, String time, long ok, int p50, int p99)
      throws Exception {
    Files.writeString(dir.resolve("run-" + run + ".time"), time + "\n");
    Files.writeString(
        dir.resolve("run-" + run + ".report.log"), globalInformation(ok, 0, p50, p99));
  }
}
