package kafkaload.internal.report;

import static org.junit.jupiter.api.Assertions.*;

import io.gatling.commons.stats.assertion.Assertion;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.shared.model.assertion.AssertionMessage;
import io.gatling.shared.model.assertion.AssertionResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Gatling's printed verdicts, read back as Gatling's own results (formats of RunResultProcessor,
 * Gatling 3.15.1 and 3.16.0 print them alike).
 */
class GatlingVerdictsTest {
  private final Assertion p99 =
      CoreDsl.details("send").responseTime().percentile(99.0).lt(250).asScala();
  private final Assertion errors =
      CoreDsl.details("send").failedRequests().percent().lte(0.1).asScala();

  @AfterEach
  void forget() {
    GatlingVerdicts.clear();
  }

  @Test
  void aPrintedVerdictIsGatlingsResultWithItsActualValue() {
    GatlingVerdicts.note("Parsing log file(s) done in 8s.");
    GatlingVerdicts.note(AssertionMessage.message(p99) + " : false (actual : 277.0)");
    GatlingVerdicts.note(AssertionMessage.message(errors) + " : true (actual : 0.0)");
    AssertionResult.Resolved r = (AssertionResult.Resolved) GatlingVerdicts.of(p99).orElseThrow();
    assertFalse(r.success());
    assertEquals(277.0, r.actualValue());
    assertEquals(p99, r.assertion());
    assertTrue(GatlingVerdicts.of(errors).orElseThrow().success());
  }

  @Test
  void anUnresolvedAssertionKeepsGatlingsReason() {
    GatlingVerdicts.note(
        AssertionMessage.message(p99)
            + " : false (Could not find stats matching assertion path List(send))");
    AssertionResult r = GatlingVerdicts.of(p99).orElseThrow();
    assertFalse(r.success());
    assertEquals(
        "Could not find stats matching assertion path List(send)",
        ((AssertionResult.ResolutionError) r).error());
  }

  @Test
  void anAssertionGatlingDidNotPrintIsLeftToTheLog() {
    GatlingVerdicts.note(AssertionMessage.message(errors) + " : true (actual : 0.0)");
    assertTrue(GatlingVerdicts.of(p99).isEmpty());
    GatlingVerdicts.note(AssertionMessage.message(p99) + " : maybe");
    assertTrue(GatlingVerdicts.of(p99).isEmpty(), "an unknown format is not a verdict");
  }
}
