package kafkaload.internal.semantic.traffic.generate;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A scalar field's type as the generators see it, with the schema's constraints (NaN or -1: none);
 * values are plain Java (String, Integer, Long, Float, Double, Boolean, byte[], an enum symbol as
 * its String) that each format then wraps.
 */
@RecordBuilder
record Scalar(
    Kind kind,
    List<String> symbols,
    int fixedSize,
    double min,
    double max,
    int minLength,
    int maxLength,
    String pattern)
    implements ScalarBuilder.With {

  enum Kind {
    STRING,
    INT,
    LONG,
    FLOAT,
    DOUBLE,
    BOOLEAN,
    BYTES,
    ENUM
  }

  /** Makes record n's value of a field. */
  interface Draw {
    Object draw(SplittableRandom r, long n);

    /** {@code size} values of record n, drawn in turn. */
    default List<Object> draws(SplittableRandom r, long n, int size) {
      List<Object> out = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        out.add(draw(r, n));
      }
      return out;
    }
  }

  static Scalar of(Kind kind) {
    return new Scalar(kind, List.of(), -1, Double.NaN, Double.NaN, -1, -1, null);
  }

  Scalar withBounds(double lo, double hi) {
    return withMin(lo).withMax(hi);
  }

  boolean integral() {
    return kind == Kind.INT || kind == Kind.LONG;
  }

  boolean numeric() {
    return integral() || kind == Kind.FLOAT || kind == Kind.DOUBLE;
  }

  /** The type's lowest value a generator may make. */
  double lowest() {
    return !Double.isNaN(min)
        ? min
        : kind == Kind.INT
            ? Integer.MIN_VALUE
            : kind == Kind.LONG ? Long.MIN_VALUE : -Double.MAX_VALUE;
  }

  double highest() {
    return !Double.isNaN(max)
        ? max
        : kind == Kind.INT
            ? Integer.MAX_VALUE
            : kind == Kind.LONG ? Long.MAX_VALUE : Double.MAX_VALUE;
  }

  String describe() {
    return kind == Kind.ENUM
        ? "an enum of " + symbols
        : kind == Kind.BYTES && fixedSize >= 0
            ? "fixed(" + fixedSize + ")"
            : kind.name().toLowerCase();
  }
}
