package kafkaload.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kafkaload.internal.results.ReconciliationResult.Partition;
import kafkaload.internal.results.ReconciliationResult.ReadBack;
import kafkaload.internal.results.ReconciliationResult.TopicChange;
import kafkaload.internal.run.Reconciled.Result;
import kafkaload.internal.run.Reconciled.TopicResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reconciliation console table: its header, totals, read-back lines and one row per partition.
 */
class ReconciliationPrinterTest {
  private static Locale saved;

  // The table must read the same on any machine: a German default locale would print "0,000%" and
  // "1.000".
  @BeforeAll
  static void germanLocale() {
    saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
  }

  @AfterAll
  static void restoreLocale() {
    Locale.setDefault(saved);
  }

  /** Partition 1 lost 5 of its 40 acked records: offset delta 35. */
  private static TopicResult orders() {
    return new TopicResult(
        "orders",
        100,
        95,
        -1,
        -1,
        List.of(
            new Partition(0, 1000, 1060, 60, 6000, -1L, -1L, -1L),
            new Partition(1, 500, 535, 40, 4000, -1L, -1L, -1L)),
        null,
        0);
  }

  private static List<String> lines(String s) {
    return s.lines().toList();
  }

  /** A row's cells, whitespace ignored. */
  private static List<String> cells(String line) {
    return Arrays.asList(line.trim().split("\\s+"));
  }

  @Test
  void oneTopicWithoutReadBack() {
    List<String> out =
        lines(ReconciliationPrinter.format(new Result("r1", 2, null, List.of(orders()))));
    assertEquals("", out.get(0));
    assertEquals("[kafkaload] ---- Reconciliation of topic 'orders' (run r1) ----", out.get(1));
    assertEquals(
        "  acked OK 100 | end-offset delta 95 | in flight at the end 2 | lost 5 | duplicates 0 (0.000%)",
        out.get(2));
    assertEquals(
        "  read-back: off (lost is a lower bound from offsets; duplicates an upper bound of records not "
            + "accounted for: offsets are not records, transaction markers and other writers count too)",
        out.get(3));
    assertEquals(
        List.of(
            "partition",
            "acked",
            "offset",
            "delta",
            "share",
            "acked",
            "bytes",
            "duplicates",
            "reordered"),
        cells(out.get(4)));
    assertEquals(List.of("0", "60", "60", "60.0%", "6000", "-", "-"), cells(out.get(5)));
    // The lossy partition stands out: acked 40 but only 35 more offsets.
    assertEquals(List.of("1", "40", "35", "40.0%", "4000", "-", "-"), cells(out.get(6)));
    assertEquals(7, out.size());
  }

  @Test
  void runIdentityOffIsSaid() {
    String out = ReconciliationPrinter.format(new Result(null, 0, null, List.of(orders())));
    assertTrue(
        out.contains("[kafkaload] ---- Reconciliation of topic 'orders' (run identity off) ----"),
        out);
  }

  @Test
  void severalTopicsGetTheirOwnLineAndTable() {
    TopicResult billing =
        new TopicResult(
            "billing",
            10,
            13,
            10,
            3,
            List.of(new Partition(0, 0, 13, 10, 100, 13L, 3L, 1L)),
            null,
            0);
    List<String> out =
        lines(ReconciliationPrinter.format(new Result(null, 0, null, List.of(orders(), billing))));
    assertEquals("[kafkaload] ---- Reconciliation of 2 topics (run identity off) ----", out.get(1));
    // 110 acked, 108 offsets, 5 lost (orders), 3 duplicates (billing's read-back): 3/110 = 2.727 %.
    assertEquals(
        "  acked OK 110 | end-offset delta 108 | in flight at the end 0 | lost 5 | duplicates 3 (2.727%)",
        out.get(2));
    assertEquals(
        "  topic 'orders': acked OK 100 | end-offset delta 95 | lost 5 | duplicates 0", out.get(4));
    assertEquals(
        "  topic 'billing': acked OK 10 | end-offset delta 13 | lost 0 | duplicates 3", out.get(8));
    assertEquals(List.of("0", "10", "13", "100.0%", "100", "3", "1"), cells(out.get(10)));
  }

  @Test
  void anIncompleteReadBackAndItsCaveatsAreSaid() {
    ReadBack rb =
        new ReadBack(
            false,
            new ReadBack.Counts(1000, 150, 140, 3, 2, 4),
            new ReadBack.Reordering(1, 1000, 25),
            12.54,
            new ReadBack.Found(Map.of(), List.of()),
            "read_committed",
            0L);
    String out = ReconciliationPrinter.format(new Result("r", 0, rb, List.of(orders())));
    assertTrue(
        out.contains(
            "  read-back: INCOMPLETE in 12.5 s, 1000 records scanned, 150 of this run, 140 distinct, "
                + "3 duplicates, 1 reordered, 2 sequence gaps (sends that failed leave gaps too)\n"),
        out);
    assertTrue(out.contains("  4 records whose send was KO are in the topic anyway"), out);
    assertTrue(
        out.contains(
            "  reordering checked between a user's records read within 1,000 (partition, user) pairs of "
                + "each other (25 pairs let go to bound the memory)\n"),
        out);
    assertFalse(out.contains("read-back: off"), out);
  }

  @Test
  void aCleanCompleteReadBackHasNoCaveats() {
    ReadBack rb =
        new ReadBack(
            true,
            new ReadBack.Counts(100, 100, 100, 0, 0, 0),
            new ReadBack.Reordering(0, 1000, 0),
            1.0,
            new ReadBack.Found(Map.of(), List.of()),
            "read_committed",
            0L);
    String out = ReconciliationPrinter.format(new Result("r", 0, rb, List.of(orders())));
    assertTrue(out.contains("  read-back: complete in 1.0 s,"), out);
    assertFalse(out.contains("KO are in the topic"), out);
    assertFalse(out.contains("reordering checked"), out);
  }

  @Test
  void nothingSent() {
    List<String> out = lines(ReconciliationPrinter.format(new Result("r", 0, null, List.of())));
    assertEquals(
        "[kafkaload] ---- Reconciliation of no topic (nothing was sent) (run r) ----", out.get(1));
    assertEquals(
        "  acked OK 0 | end-offset delta 0 | in flight at the end 0 | lost 0 | duplicates 0 (0.000%)",
        out.get(2));
    assertEquals(4, out.size());
  }

  @Test
  void aTopicDeletedAndReCreatedIsNamedWithWhenAndItsGonePartitions() {
    TopicChange change =
        new TopicChange(
            "orders", TopicChange.RECREATED, 1_700_000_005_000L, 1_700_000_010_000L, 3, 1);
    TopicResult t =
        new TopicResult(
            "orders",
            90,
            20,
            -1,
            -1,
            List.of(
                new Partition(0, 0, 20, 50, 5000, -1L, -1L, -1L),
                new Partition(2, 0, -1, 40, 4000, -1L, -1L, -1L)),
            change,
            0);
    List<String> out = lines(ReconciliationPrinter.format(new Result("r", 0, null, List.of(t))));
    assertEquals(
        "  acked OK 90 | end-offset delta 20 | in flight at the end 0 | lost 70 | duplicates 0 (0.000%)",
        out.get(2));
    assertEquals(
        "  TOPIC CHANGED: 'orders' was deleted and re-created (3 partitions, now 1) between 22:13:25 and 22:13:30 UTC: "
            + "its offsets cannot be compared with the baseline's; records acked into the old topic are lost",
        out.get(4));
    assertEquals(List.of("2", "40", "gone", "44.4%", "4000", "-", "-"), cells(out.get(7)));
  }

  @Test
  void manyTopicsPrintOneLineAndTheWorstFive() {
    java.util.List<TopicResult> topics = new java.util.ArrayList<>();
    for (int i = 0; i < 500; i++) {
      topics.add(
          new TopicResult(
              "perf-" + i,
              100,
              i == 42 ? 97 : 100,
              -1,
              -1,
              List.of(new Partition(0, 0, i == 42 ? 97 : 100, 100, 1000, -1L, -1L, -1L)),
              null,
              0));
    }
    String out = ReconciliationPrinter.format(new Result("r1", 0, null, topics));
    assertTrue(out.contains("[kafkaload] ---- Reconciliation of 500 topics (run r1) ----"), out);
    assertTrue(
        out.contains(
            "  500 topics, 500 partitions: 1 with records lost, 0 with duplicates; acked OK per topic"
                + " min 100, max 100; the worst 5 of them:"),
        out);
    assertEquals(5, out.lines().filter(l -> l.startsWith("  topic '")).count(), out);
    assertTrue(
        out.lines()
            .filter(l -> l.startsWith("  topic '"))
            .findFirst()
            .orElseThrow()
            .startsWith("  topic 'perf-42': acked OK 100 | end-offset delta 97 | lost 3"),
        "the worst first: " + out);
    assertTrue(out.lines().count() < 40, "bounded: " + out.lines().count() + " lines");
  }
}
