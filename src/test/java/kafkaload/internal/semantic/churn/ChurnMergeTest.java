package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;
import org.junit.jupiter.api.Test;

class ChurnMergeTest {
  private static ChurnFigures churn(String topic, Round... rounds) {
    return new ChurnFigures(
        "churn", topic, 4, 2, "rolling@1s+2s", 200, 6_000, 1L, null, List.of(rounds));
  }

  @Test
  void aDistributedRunListsEveryInjectorsRoundsNamedAfterTheirInjector() {
    Round a = ChurnTallyTest.round(List.of(), List.of(ChurnTallyTest.event(10, 0, 0)));
    Round b = ChurnTallyTest.round(List.of(new ChurnFigures.Unread(1, 2, 3)), List.of());
    ChurnFigures merged =
        ChurnSemantic.merged(Arrays.asList(churn("t1", a), null, churn("t3", a, b)));
    assertEquals("t1", merged.topic());
    assertEquals(
        List.of(
            "classic-eager (injector 1)",
            "classic-eager (injector 3)",
            "classic-eager (injector 3)"),
        merged.rounds().stream().map(Round::protocol).toList());
    assertEquals(b.counts(), merged.rounds().get(2).counts());
    assertEquals(a.events(), merged.rounds().get(0).events());
    assertNull(ChurnSemantic.merged(Arrays.asList(null, null)));
  }
}
