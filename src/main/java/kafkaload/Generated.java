package kafkaload;

import java.util.Arrays;
import kafkaload.internal.semantic.traffic.generate.FieldGen;
import kafkaload.internal.semantic.traffic.generate.GenSpec;

/**
 * Records generated from a schema, given as the content of {@code avro(..)}, {@code protobuf(..)}
 * or {@code jsonSchema(..)}: each record a valid random instance of the schema, record n the same
 * for the same seed whatever the threads. Immutable; each method returns a new one. Fields are
 * named by path ("customer.name"); a field without a generator takes random values its type and the
 * schema's constraints allow (docs/traffic.md). Checked before the load: an unknown path, a
 * generator that does not fit its field, or a first record that is not valid is an error naming the
 * field.
 *
 * <pre>{@code
 * avro("schemas/order.avsc", generated().seed(42)
 *     .sequence("orderId", "o-", 1).range("qty", 1, 10).oneOf("sku", "A", "B")
 *     .regex("note", "[A-Z]{3}-[0-9]{4}").nullProbability("coupon", 0.2))
 * }</pre>
 */
public final class Generated {
  private final GenSpec spec;

  private Generated(GenSpec spec) {
    this.spec = spec;
  }

  static Generated of() {
    return new Generated(GenSpec.of("generated()"));
  }

  GenSpec spec() {
    return spec;
  }

  /** The seed (default 0): the same seed, the same records. */
  public Generated seed(long seed) {
    return new Generated(spec.withSeed(seed));
  }

  /** start, start + 1, ... for an int or long field (record n: start + n). */
  public Generated sequence(String field, long start) {
    return sequence(field, "", start);
  }

  /** "o-1", "o-2", ... for a string field: {@code prefix} + (start + n). */
  public Generated sequence(String field, String prefix, long start) {
    return new Generated(spec.withGen(field, new FieldGen.Sequence(prefix, start)));
  }

  /** Integers from min to max, both included, for an integer or floating-point field. */
  public Generated range(String field, long min, long max) {
    return new Generated(spec.withGen(field, GenSpec.range(where(field), min, max, true)));
  }

  /** Numbers from min to max for a floating-point field. */
  public Generated range(String field, double min, double max) {
    return new Generated(spec.withGen(field, GenSpec.range(where(field), min, max, false)));
  }

  /** One of these values, each equally likely; each must be valid for the field. */
  public Generated oneOf(String field, Object... values) {
    return new Generated(spec.withGen(field, GenSpec.oneOf(where(field), Arrays.asList(values))));
  }

  /** Strings matching this regular expression (dk.brics.automaton's syntax), for a string field. */
  public Generated regex(String field, String regex) {
    return new Generated(spec.withGen(field, new FieldGen.Regex(regex)));
  }

  /** Null (or, in JSON Schema, left out when not required) with this probability, 0 to 1. */
  public Generated nullProbability(String field, double p) {
    return new Generated(spec.withNullProbability(field, p));
  }

  /**
   * Field generators as text, as -Dvalue.fields takes them: {@code
   * "qty=range:1..10;sku=oneOf:A|B;orderId=sequence:o-1;note=regex:[A-Z]{3};coupon=null:0.2"}.
   */
  public Generated fields(String text) {
    return new Generated(spec.withFields(text));
  }

  /** These generators with errors naming {@code source} ("-Dvalue.fields") as their origin. */
  public Generated from(String source) {
    return new Generated(spec.withSource(source));
  }

  private String where(String field) {
    return spec.source() + ": field '" + field + "': ";
  }
}
