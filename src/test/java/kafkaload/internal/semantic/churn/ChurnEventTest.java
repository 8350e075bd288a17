package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import kafkaload.internal.semantic.churn.ChurnEvent.Change;
import kafkaload.internal.semantic.churn.ChurnEvent.Committed;
import kafkaload.internal.semantic.churn.ChurnEvent.Life;
import kafkaload.internal.semantic.churn.ChurnEvent.Ownership;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnEvent.State;
import org.junit.jupiter.api.Test;

class ChurnEventTest {
  @Test
  void eachEventIsOneLineThatParsesBack() {
    List<ChurnEvent> events =
        List.of(
            new Life(State.STARTED, 1_000, "consumer-1"),
            new Ownership(Change.ASSIGNED, 1_001, List.of(0, 1)),
            new Ownership(Change.LOST, 1_002, List.of()),
            new Read(1_003, 2, 15, 40, 54),
            new Committed(1_004, Map.of(0, 55L, 1, 12L)),
            new Committed(1_005, Map.of()),
            new Life(State.STALLED, 1_006, "40000"),
            new Life(State.CLOSED, 1_007, ""),
            new Life(State.ERROR, 1_008, "commit failed"),
            new Read(1_009, 1, 3, 7, 9, List.of(5, 4, 4)),
            new ChurnEvent.Rebalances(1_010, 7, 3, 412, 300, 1));
    for (ChurnEvent e : events) {
      String line = ChurnEvent.format(e);
      assertTrue(line.startsWith("churn ") && !line.contains("\n"), line);
      assertEquals(Optional.of(e), ChurnEvent.parse(line), line);
    }
    assertEquals("churn read 1003 2 15 40 54 -", ChurnEvent.format(events.get(3)));
    assertEquals("churn read 1009 1 3 7 9 5,4,4", ChurnEvent.format(events.get(9)));
    assertEquals("churn rebalances 1010 7 3 412 300 1", ChurnEvent.format(events.get(10)));
    assertEquals("churn committed 1004 0=55,1=12", ChurnEvent.format(events.get(4)));
    assertEquals("churn assigned 1001 0,1", ChurnEvent.format(events.get(1)));
    assertEquals("churn lost 1002 -", ChurnEvent.format(events.get(2)));
  }

  @Test
  void anErrorsDetailStaysOnOneLine() {
    String line = ChurnEvent.format(new Life(State.ERROR, 5, "a\nstack\ttrace"));
    assertEquals("churn error 5 a stack trace", line);
  }

  @Test
  void otherLinesAreNotEventsAndABrokenEventIsRefused() {
    assertEquals(Optional.empty(), ChurnEvent.parse("12:00:00 WARN org.apache.kafka ..."));
    assertEquals(Optional.empty(), ChurnEvent.parse(null));
    assertThrows(IllegalArgumentException.class, () -> ChurnEvent.parse("churn moved 5 1"));
  }

  @Test
  void ownershipFollowsAssignmentsRevocationsAndLosses() {
    List<ChurnEvent> eager =
        List.of(
            new Ownership(Change.ASSIGNED, 1, List.of(0, 1, 2, 3)),
            new Ownership(Change.REVOKED, 2, List.of(0, 1, 2, 3)),
            new Ownership(Change.ASSIGNED, 3, List.of(0, 1)));
    assertEquals(Set.of(0, 1), ChurnEvent.owned(eager));
    List<ChurnEvent> incremental =
        List.of(
            new Ownership(Change.ASSIGNED, 1, List.of(0, 1)),
            new Ownership(Change.ASSIGNED, 2, List.of(2)),
            new Ownership(Change.LOST, 3, List.of(0)),
            new Read(4, 1, 1, 0, 0));
    assertEquals(Set.of(1, 2), ChurnEvent.owned(incremental));
  }
}
