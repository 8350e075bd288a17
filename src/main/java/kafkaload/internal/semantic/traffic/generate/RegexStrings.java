package kafkaload.internal.semantic.traffic.generate;

import dk.brics.automaton.Automaton;
import dk.brics.automaton.RegExp;
import dk.brics.automaton.State;
import dk.brics.automaton.Transition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;

/**
 * Random strings matching a regular expression: a walk of dk.brics' minimal automaton, random
 * transitions while short, then the shortest way to an accepting state. Thread-safe (read-only).
 */
final class RegexStrings implements Draw {
  /** Past this length the walk heads for the nearest accepting state. */
  private static final int SOFT_MAX = 24;

  private final Automaton automaton;
  private final State initial;
  private final Map<State, List<Transition>> transitions = new HashMap<>();
  private final Map<State, Integer> toAccept = new HashMap<>();

  /** {@code regex} in the standard syntax (brics' extensions off); a bad one throws, saying why. */
  RegexStrings(String regex) {
    automaton = new RegExp(regex, RegExp.NONE).toAutomaton();
    automaton.minimize();
    if (automaton.isEmpty()) {
      throw new IllegalArgumentException("it matches no string");
    }
    initial = automaton.getInitialState();
    for (State s : automaton.getStates()) {
      transitions.put(s, s.getSortedTransitions(false));
      if (s.isAccept()) {
        toAccept.put(s, 0);
      }
    }
    // distances to an accepting state, relaxed until stable (automata here are small)
    for (boolean changed = true; changed; ) {
      changed = false;
      for (State s : automaton.getStates()) {
        for (Transition t : transitions.get(s)) {
          Integer d = toAccept.get(t.getDest());
          if (d != null && (toAccept.get(s) == null || toAccept.get(s) > d + 1)) {
            toAccept.put(s, d + 1);
            changed = true;
          }
        }
      }
    }
  }

  /** A char of min..max, printable ASCII where the range has some (so "." stays readable). */
  private static char pick(char min, char max, SplittableRandom r) {
    int lo = Math.max(min, 0x20);
    int hi = Math.min(max, 0x7E);
    return lo <= hi
        ? (char) (lo + r.nextInt(hi - lo + 1))
        : (char) (min + r.nextInt(max - min + 1));
  }

  boolean matches(String s) {
    return automaton.run(s);
  }

  /** A random string matching the expression; {@code n} plays no part. */
  @Override
  public String draw(SplittableRandom r, long n) {
    StringBuilder out = new StringBuilder();
    State s = initial;
    while (true) {
      List<Transition> ts = transitions.get(s);
      boolean tooLong = out.length() >= SOFT_MAX;
      if (s.isAccept() && (ts.isEmpty() || tooLong || r.nextInt(4) == 0)) {
        return out.toString();
      }
      Transition t;
      if (tooLong) {
        t = null;
        for (Transition c : ts) {
          Integer d = toAccept.get(c.getDest());
          if (d != null && (t == null || d < toAccept.get(t.getDest()))) {
            t = c;
          }
        }
      } else {
        t = ts.get(r.nextInt(ts.size()));
        if (!toAccept.containsKey(t.getDest())) {
          continue; // a dead end: pick again
        }
      }
      out.append(pick(t.getMin(), t.getMax(), r));
      s = t.getDest();
    }
  }
}
