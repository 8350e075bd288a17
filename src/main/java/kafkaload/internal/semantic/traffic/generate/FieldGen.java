package kafkaload.internal.semantic.traffic.generate;

import java.util.List;

/** How one field's values are made: the schema's own random values, or a generator the user set. */
public sealed interface FieldGen {
  /** Random values the field's type and the schema's constraints allow. */
  record Random() implements FieldGen {}

  /** {@code prefix} + (start + n) for strings, start + n for integers; n is the record's number. */
  record Sequence(String prefix, long start) implements FieldGen {}

  /** Numbers from min to max, both included; integers for integer fields. */
  record Range(double min, double max, boolean integral) implements FieldGen {}

  /** One of these values, each equally likely. */
  record OneOf(List<Object> values) implements FieldGen {}

  /** Strings matching this regular expression (dk.brics.automaton syntax). */
  record Regex(String regex) implements FieldGen {}

  /** What it makes, for messages: "range 1..10". */
  default String describe() {
    if (this instanceof Sequence s) {
      return "sequence " + s.prefix() + s.start();
    }
    if (this instanceof Range r) {
      return r.integral()
          ? "range " + (long) r.min() + ".." + (long) r.max()
          : "range " + r.min() + ".." + r.max();
    }
    if (this instanceof OneOf o) {
      return "oneOf " + o.values();
    }
    if (this instanceof Regex x) {
      return "regex " + x.regex();
    }
    return "random";
  }
}
