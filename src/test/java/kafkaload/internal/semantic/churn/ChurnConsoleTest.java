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
            "rolling@5s+5s", 5_000, 35_000, null, 28_215L, 2_174, 309, 59, 0.34, 255L, List.of());
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
                    100,
                    100,
                    59,
                    List.of(),
                    List.of(e),
                    List.of(),
                    null),
                new Round(
                    "consumer",
                    "g2",
                    100,
                    99,
                    0,
                    List.of(new Unread(3, 1, 41)),
                    List.of(),
                    List.of(),
                    "consumer lost records: 1 of 100 produced never read (partition 3: 1 from offset 41)")));
    List<String> lines = ChurnConsole.lines(f);
    assertEquals(
        "churn 'churn': 4 consumers on 't' (16 partitions), 500 msg/s for 40,000 ms, plan rolling@5s+5s",
        lines.get(0));
    String row = lines.get(2);
    assertTrue(row.startsWith("classic-cooperative-static  rolling@5s+5s"), row);
    assertEquals(
        List.of("2174", "never", "28215", "309", "59", "(0.34%)", "255"),
        List.of(row.substring(47).trim().split("\\s+")));
    assertEquals(
        "  consumer: 100 produced, 99 read at least once, 0 read twice: KO consumer lost records: 1 of"
            + " 100 produced never read (partition 3: 1 from offset 41)",
        lines.get(5));
  }
}
