package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;
import kafkaload.internal.semantic.traffic.generate.Scalar.Kind;

/** A scalar field's values from its generator, checked against its type before the load. */
final class Scalars {
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  private Scalars() {}

  /** The draw of {@code gen} for a field of type {@code t}; one that does not fit throws. */
  static Draw draw(Scalar t, FieldGen gen, String field) {
    String where = "field '" + field + "' (" + t.describe() + "): ";
    if (gen instanceof FieldGen.Sequence s) {
      return sequence(t, s, where);
    }
    if (gen instanceof FieldGen.Range g) {
      return range(t, g, where);
    }
    if (gen instanceof FieldGen.OneOf o) {
      Object[] a = o.values().stream().map(v -> convert(t, v, where)).toArray();
      return (r, n) -> a[r.nextInt(a.length)];
    }
    if (gen instanceof FieldGen.Regex x) {
      refuseIf(t.kind() != Kind.STRING, where + "a regex makes strings, not " + t.describe());
      return regex(x.regex(), where + "regex '" + x.regex() + "'");
    }
    return random(t, where);
  }

  static RegexStrings regex(String regex, String where) {
    try {
      return new RegexStrings(regex);
    } catch (IllegalArgumentException | StackOverflowError e) {
      throw new KafkaLoadConfigException(where + " cannot be used: " + e.getMessage());
    }
  }

  private static Draw sequence(Scalar t, FieldGen.Sequence s, String where) {
    long start = s.start();
    String prefix = s.prefix();
    if (t.kind() == Kind.STRING) {
      return (r, n) -> prefix + (start + n);
    }
    refuseIf(
        !t.integral(), where + "a sequence fits a string, int or long field, not " + t.describe());
    refuseIf(
        !prefix.isEmpty(),
        where + "a sequence with prefix '" + prefix + "' makes strings, not numbers");
    refuseIf(
        t.kind() == Kind.INT && (start < Integer.MIN_VALUE || start > Integer.MAX_VALUE),
        where + "sequence start " + start + " is not an int");
    return t.kind() == Kind.INT ? (r, n) -> (int) (start + n) : (r, n) -> start + n;
  }

  private static Draw range(Scalar t, FieldGen.Range g, String where) {
    refuseIf(
        !t.numeric(), where + "a " + g.describe() + " fits a number field, not " + t.describe());
    refuseIf(
        t.integral() && !g.integral(),
        where + "a " + g.describe() + " of non-integers does not fit an integer field");
    refuseIf(
        g.min() < t.lowest() || g.max() > t.highest(),
        "%s%s is outside what the field allows, %s to %s"
            .formatted(where, g.describe(), t.lowest(), t.highest()));
    return numbers(t.kind(), g.min(), g.max());
  }

  private static Draw numbers(Kind kind, double min, double max) {
    long lo = (long) min;
    long hi = (long) max;
    return switch (kind) {
      case INT ->
          (r, n) -> (int) (hi == Long.MAX_VALUE ? r.nextLong(lo, hi) : r.nextLong(lo, hi + 1));
      case LONG -> (r, n) -> hi == Long.MAX_VALUE ? r.nextLong(lo, hi) : r.nextLong(lo, hi + 1);
      case FLOAT -> (r, n) -> (float) (min == max ? min : Math.min(max, r.nextDouble(min, max)));
      default -> (r, n) -> min == max ? min : r.nextDouble(min, max);
    };
  }

  /** Random values of the type: numbers 0 to 1,000,000 (or the schema's bounds), short strings. */
  private static Draw random(Scalar t, String where) {
    return switch (t.kind()) {
      case STRING -> {
        if (t.pattern() != null) {
          yield regex(t.pattern(), where + "the schema's pattern '" + t.pattern() + "'");
        }
        int lo = t.minLength() >= 0 ? t.minLength() : t.maxLength() == 0 ? 0 : 1;
        int hi = t.maxLength() >= 0 ? Math.min(t.maxLength(), lo + 16) : lo + 15;
        yield (r, n) -> letters(r, lo + r.nextInt(hi - lo + 1));
      }
      case INT, LONG, FLOAT, DOUBLE -> {
        double lo = Double.isNaN(t.min()) ? Math.min(0, t.highest()) : t.min();
        double hi = Double.isNaN(t.max()) ? Math.max(lo, 0) + 1_000_000 : t.max();
        yield t.integral()
            ? numbers(t.kind(), Math.ceil(lo), Math.floor(hi))
            : numbers(t.kind(), lo, hi);
      }
      case BOOLEAN -> (r, n) -> r.nextBoolean();
      case BYTES ->
          (r, n) -> {
            byte[] b = new byte[t.fixedSize() >= 0 ? t.fixedSize() : 1 + r.nextInt(16)];
            r.nextBytes(b);
            return b;
          };
      case ENUM -> {
        Object[] symbols = t.symbols().toArray();
        yield (r, n) -> symbols[r.nextInt(symbols.length)];
      }
    };
  }

  static String letters(SplittableRandom r, int length) {
    char[] c = new char[length];
    for (int i = 0; i < length; i++) {
      c[i] = LETTERS.charAt(r.nextInt(LETTERS.length()));
    }
    return new String(c);
  }

  /** A value of a oneOf list as the field's type: its own type, or text that parses as it. */
  static Object convert(Scalar t, Object v, String where) {
    String bad = where + "the value '" + v + "' of the list is not valid for the field";
    String text = String.valueOf(v);
    try {
      switch (t.kind()) {
        case STRING -> {
          refuseIf(!(v instanceof String s && fitsLength(t, s)), bad);
          refuseIf(
              t.pattern() != null
                  && !regex(t.pattern(), where + "the schema's pattern").matches(text),
              bad + " (the schema's pattern " + t.pattern() + ")");
          return text;
        }
        case ENUM -> {
          refuseIf(!t.symbols().contains(text), bad + " (symbols " + t.symbols() + ")");
          return text;
        }
        case BOOLEAN -> {
          refuseIf(!(v instanceof Boolean || "true".equals(v) || "false".equals(v)), bad);
          return Boolean.valueOf(text);
        }
        case BYTES -> {
          byte[] b = v instanceof byte[] a ? a : text.getBytes(StandardCharsets.UTF_8);
          refuseIf(
              t.fixedSize() >= 0 && b.length != t.fixedSize(),
              bad + " (" + t.fixedSize() + " bytes)");
          return b;
        }
        default -> {
          double d = v instanceof Number num ? num.doubleValue() : Double.parseDouble(text);
          boolean whole = v instanceof Number ? d == Math.rint(d) : text.matches("-?\\d+");
          refuseIf(t.integral() && !whole || d < t.lowest() || d > t.highest(), bad);
          long l =
              v instanceof Number num ? num.longValue() : t.integral() ? Long.parseLong(text) : 0;
          return switch (t.kind()) {
            case INT -> (int) l;
            case LONG -> l;
            case FLOAT -> (float) d;
            default -> d;
          };
        }
      }
    } catch (NumberFormatException e) {
      throw new KafkaLoadConfigException(bad);
    }
  }

  private static boolean fitsLength(Scalar t, String s) {
    int len = s.codePointCount(0, s.length());
    return (t.minLength() < 0 || len >= t.minLength())
        && (t.maxLength() < 0 || len <= t.maxLength());
  }
}
