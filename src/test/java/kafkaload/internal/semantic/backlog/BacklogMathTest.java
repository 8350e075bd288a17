package kafkaload.internal.semantic.backlog;

import static org.junit.jupiter.api.Assertions.*;

import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

class BacklogMathTest {

  @Test
  void theBacklogInRecordsRoundsUpAndBytesAreRecordsTimesSize() {
    assertEquals(10_240, BacklogMath.records(10L << 20, 1024));
    assertEquals(3, BacklogMath.records(2049, 1024));
    assertEquals(1, BacklogMath.records(1, 1024));
    assertEquals(3 * 1024, BacklogMath.bytes(3, 1024));
  }

  @Test
  void theDrainTargetIsWhatIsLeftOfThePeakRoundedDown() {
    assertEquals(100, BacklogMath.drainTarget(10_000, 0.99));
    assertEquals(100, BacklogMath.drainTarget(1_000, 0.9)); // 0.1 × 1000 despite 1 - 0.9 < 0.1
    assertEquals(20, BacklogMath.drainTarget(2_048, 0.99));
    assertEquals(0, BacklogMath.drainTarget(5_000, 1.0));
  }

  @Test
  void theCatchUpIsConsumedMinusProducedOverTheWindow() {
    BacklogMath.Reading resume = new BacklogMath.Reading(10, 10_000, 0, 10_000);
    BacklogMath.Reading drained = new BacklogMath.Reading(14, 14_000, 13_900, 100);
    BacklogMath.Rates r = BacklogMath.rates(resume, drained);
    assertEquals(1000, r.producedPerSec(), 1e-9);
    assertEquals(3475, r.consumedPerSec(), 1e-9);
    assertEquals(2475, r.catchUpPerSec(), 1e-9);
    // Over no time: no rate rather than a division by zero.
    assertEquals(0, BacklogMath.rates(resume, resume).catchUpPerSec());
  }

  @Test
  void theProjectedDrainIsTheLagAboveTargetOverTheCatchUp() {
    assertEquals(4.0, BacklogMath.projectedSeconds(1_100, 100, 250), 1e-9);
    assertEquals(0.0, BacklogMath.projectedSeconds(80, 100, -5));
    assertNull(BacklogMath.projectedSeconds(1_100, 100, -300), "not catching up: never");
    assertNull(BacklogMath.projectedSeconds(1_100, 100, 0));
  }

  @Test
  void aSpecRefusesWhatCannotRunBeforeAnyLoad() {
    BacklogSpec spec = BacklogSpec.of("backlog");
    assertThrows(KafkaLoadConfigException.class, () -> spec.withBacklog(1024, 1.5));
    assertThrows(KafkaLoadConfigException.class, () -> spec.withBacklog(1024, 0));
    assertThrows(KafkaLoadConfigException.class, () -> spec.withBacklog(-1, 0.9));
    assertThrows(KafkaLoadConfigException.class, () -> spec.withBounds(0, 10));
    KafkaLoadConfigException noGroup = assertThrows(KafkaLoadConfigException.class, spec::check);
    assertTrue(noGroup.getMessage().contains("no consumer group under test"));
    KafkaLoadConfigException noPause =
        assertThrows(KafkaLoadConfigException.class, () -> spec.withGroup("g").check());
    assertTrue(noPause.getMessage().contains("no way to pause and resume group 'g'"));
    spec.withGroup("g")
        .withControl(GroupControl.none().withPauseCommand("true").withResumeCommand("true"))
        .check();
  }

  @Test
  void commandsRunAndAFailingOneSaysSoWithoutItsText() {
    GroupControl ok = GroupControl.none().withPauseCommand("true").withResumeCommand("exit 3");
    assertEquals("commands", ok.kind());
    ok.pause();
    IllegalStateException e = assertThrows(IllegalStateException.class, ok::resume);
    assertEquals("the resume command failed with exit code 3", e.getMessage());
  }
}
