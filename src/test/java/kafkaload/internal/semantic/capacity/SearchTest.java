package kafkaload.internal.semantic.capacity;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

/** The search's steps against a cluster that holds every rate up to a limit. */
class SearchTest {

  private final List<Search.Kind> kinds = new ArrayList<>();

  /** Runs the search against {@code holds}; the rates it tried after the warm-up, in order. */
  private List<Double> run(Search s, DoublePredicate holds) {
    List<Double> tried = new ArrayList<>();
    s.judged(true); // the warm-up, never judged
    for (int i = 0; i < 100 && s.next() != null; i++) {
      double rate = s.next().rate();
      tried.add(rate);
      kinds.add(s.next().kind());
      s.judged(holds.test(rate));
    }
    assertNull(s.next(), "the search ends");
    return tried;
  }

  @Test
  void doublesThenBisectsToThePrecisionThenConfirms() {
    Search s = new Search(1000, 5, 10);
    assertEquals(Search.Kind.WARM_UP, s.next().kind());
    List<Double> tried = run(s, r -> r <= 6000);
    assertEquals(
        List.of(1000.0, 2000.0, 4000.0, 8000.0, 6000.0, 7000.0, 6500.0, 6250.0),
        tried.subList(0, 8));
    assertTrue(s.confirmed());
    assertEquals(6000, s.sustained());
    assertTrue(s.failedAbove() - s.sustained() <= s.sustained() * 0.05);
    assertEquals(6000.0, tried.get(tried.size() - 1), "the last plateau confirms the found rate");
  }

  @Test
  void halvesWhenTheStartRateAlreadyFails() {
    Search s = new Search(1000, 5, 10);
    List<Double> tried = run(s, r -> r <= 300);
    assertEquals(List.of(1000.0, 500.0, 250.0), tried.subList(0, 3));
    assertEquals(Search.Kind.DESCEND, kinds.get(1));
    assertEquals(Search.Kind.CONFIRM, kinds.get(kinds.size() - 1));
    assertTrue(s.sustained() >= 250 && s.sustained() <= 300, "" + s.sustained());
  }

  @Test
  void givesUpBelowTheMinimumRateWhenNoRateHolds() {
    Search s = new Search(100, 5, 20);
    List<Double> tried = run(s, r -> false);
    assertEquals(List.of(100.0, 50.0, 25.0), tried);
    assertEquals(0, s.sustained());
    assertFalse(s.confirmed());
    assertEquals("no rate met the gates", s.stopReason());
  }

  @Test
  void aFailedConfirmationLowersTheBracketAndSearchesOn() {
    Search s = new Search(1000, 5, 10);
    // Rates up to 3,000 hold, but the first confirmation fails (a noisy plateau).
    boolean[] confirmedOnce = {false};
    List<Double> tried =
        run(
            s,
            r -> {
              if (kinds.get(kinds.size() - 1) == Search.Kind.CONFIRM && !confirmedOnce[0]) {
                confirmedOnce[0] = true;
                return false;
              }
              return r <= 3000;
            });
    int firstConfirm = kinds.indexOf(Search.Kind.CONFIRM);
    double failedConfirmation = tried.get(firstConfirm);
    assertTrue(kinds.lastIndexOf(Search.Kind.CONFIRM) > firstConfirm, "searched on: " + kinds);
    assertTrue(s.confirmed(), tried.toString());
    assertTrue(
        s.sustained() < failedConfirmation,
        "the rate that failed its confirmation is not the answer: " + tried);
  }

  @Test
  void stoppedFromOutsideKeepsWhatItFound() {
    Search s = new Search(1000, 5, 10);
    s.judged(true);
    s.judged(true); // 1,000
    s.judged(true); // 2,000
    s.stop("capacity.maxSeconds (60 s) ran out");
    assertNull(s.next());
    assertEquals(2000, s.sustained());
    assertFalse(s.confirmed());
    assertEquals("capacity.maxSeconds (60 s) ran out", s.stopReason());
  }
}
