package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kafkaload.internal.semantic.churn.ChurnFigures.Event;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;
import kafkaload.internal.semantic.churn.ChurnFigures.Unread;
import org.junit.jupiter.api.Test;

class ChurnConsoleTest {

  @Test
  void aRowPerProtocolAndStepWithItsVerdict() {
    Event e =
        new Event(
            "rolling@5s+5s",
            5_000,
            35_000,
            new ChurnFigures.Recovery(null, 28_215L, 2_174, 309),
            new ChurnFigures.Reads(59, 0.34, 255L, List.of()),
            new ChurnFigures.Lag(1_250, null),
            new ChurnFigures.EndToEnd(17_000, 2_400L, 3_100L),
            new ChurnFigures.KafkaRebalances(8, 1_900L, 2_600L, 12));
    ChurnFigures f =
        new ChurnFigures(
            "churn",
            "t",
            16,
            4,
            "rolling@5s+5s",
            500,
            40_000,
            null,
            null,
            List.of(
                new Round(
                    "classic-cooperative-static",
                    "g1",
                    new ChurnFigures.Counts(100, 100, 59, List.of()),
                    List.of(e),
                    new ChurnFigures.PerSecond(List.of(), List.of()),
                    new ChurnFigures.Steady(30L, 9L),
                    new ChurnFigures.KafkaGroup(8, 2_600L, 12, "Stable", 4, null),
                    null),
                new Round(
                    "consumer",
                    "g2",
                    new ChurnFigures.Counts(100, 99, 0, List.of(new Unread(3, 1, 41))),
                    List.of(),
                    new ChurnFigures.PerSecond(List.of(), List.of()),
                    new ChurnFigures.Steady(null, null),
                    new ChurnFigures.KafkaGroup(3, null, 5, "Stable", 4, 9),
                    "consumer lost records: 1 of 100 produced never read (partition 3: 1 from offset 41)")));
    List<String> lines = ChurnConsole.lines(f);
    assertEquals(
        "churn 'churn': 4 consumers on 't' (16 partitions), 500 msg/s for 40,000 ms, plan rolling@5s+5s",
        lines.get(0));
    String row = lines.get(2);
    assertTrue(row.startsWith("classic-cooperative-static  rolling@5s+5s"), row);
    assertEquals(
        List.of(
            "2174", "never", "28215", "309", "59", "(0.34%)", "255", "1250", "-", "2400", "8",
            "1900"),
        List.of(row.substring(45).trim().split("\\s+")));
    assertEquals(
        "  classic-cooperative-static: 100 produced, 100 read at least once, 59 read twice: nothing"
            + " lost; steady lag 30, e2e p99 9 ms; Kafka: 8 rebalances, rebalance-latency-max 2600"
            + " ms, generation 12, group Stable (4 members)",
        lines.get(3));
    assertEquals(
        "  consumer: 100 produced, 99 read at least once, 0 read twice: KO consumer lost records: 1 of"
            + " 100 produced never read (partition 3: 1 from offset 41); steady lag -, e2e p99 - ms;"
            + " Kafka: 3 rebalances, rebalance-latency-max - ms, generation 5, group Stable (4"
            + " members, epoch 9)",
        lines.get(5));
  }
}
