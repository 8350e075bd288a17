package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * What to generate: the seed and each field's rule by path ("customer.name"), immutable. {@code
 * source} names where the rules came from in messages ("generated()", "-Dvalue.fields").
 */
@RecordBuilder
public record GenSpec(long seed, Map<String, FieldRule> fields, String source)
    implements GenSpecBuilder.With {
  public GenSpec {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  public static GenSpec of(String source) {
    return new GenSpec(0, Map.of(), source);
  }

  /** This spec with the rule of {@code path} changed. */
  public GenSpec with(String path, UnaryOperator<FieldRule> change) {
    refuseIf(path == null || path.isBlank(), source + ": a field path is empty");
    Map<String, FieldRule> m = new LinkedHashMap<>(fields);
    m.put(path, change.apply(m.getOrDefault(path, FieldRule.DEFAULT)));
    return new GenSpec(seed, m, source);
  }

  public GenSpec withGen(String path, FieldGen g) {
    return with(path, r -> r.withGen(g));
  }

  /** This spec with a null probability, 0 to 1, for {@code path}. */
  public GenSpec withNullProbability(String path, double p) {
    refuseIf(
        !(p >= 0 && p <= 1),
        source + ": field '" + path + "': null probability " + p + " is not between 0 and 1");
    return with(path, r -> r.withNullProbability(p));
  }

  /**
   * The rules of a text, {@code qty=range:1..10;sku=oneOf:A|B;orderId=sequence:o-1;
   * note=regex:[A-Z]{3};coupon=null:0.2}; a field named twice takes both (a generator and a null
   * probability).
   */
  public GenSpec withFields(String text) {
    GenSpec out = this;
    for (String entry : text.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int eq = entry.indexOf('=');
      int colon = eq < 0 ? -1 : entry.indexOf(':', eq);
      refuseIf(
          eq <= 0 || colon < 0,
          "%s: '%s' is not field=generator:argument (sequence:, range:, oneOf:, regex:, null:)"
              .formatted(source, entry.trim()));
      String path = entry.substring(0, eq).trim();
      out = out.parsed(path, entry.substring(eq + 1, colon).trim(), entry.substring(colon + 1));
    }
    return out;
  }

  private GenSpec parsed(String path, String kind, String arg) {
    String where = source + ": field '" + path + "': ";
    return switch (kind) {
      case "sequence" -> {
        int i = arg.length();
        while (i > 0 && Character.isDigit(arg.charAt(i - 1))) {
          i--;
        }
        if (i == 1 && arg.length() > 1 && arg.charAt(0) == '-') {
          i = 0; // "-5": a negative start
        }
        long start = i == arg.length() ? 1 : Long.parseLong(arg.substring(i));
        yield withGen(path, new FieldGen.Sequence(arg.substring(0, i), start));
      }
      case "range" -> {
        String[] b = arg.split("\\.\\.", -1);
        refuseIf(b.length != 2, where + "range:" + arg + " is not range:MIN..MAX");
        yield withGen(path, range(where, b[0].trim(), b[1].trim()));
      }
      case "oneOf" -> withGen(path, oneOf(where, Arrays.asList((Object[]) arg.split("\\|", -1))));
      case "regex" -> withGen(path, new FieldGen.Regex(arg));
      case "null" -> {
        try {
          yield withNullProbability(path, Double.parseDouble(arg.trim()));
        } catch (NumberFormatException e) {
          throw new KafkaLoadConfigException(where + "null:" + arg + " is not a probability");
        }
      }
      default ->
          throw new KafkaLoadConfigException(
              where + "'" + kind + "' is not a generator (sequence, range, oneOf, regex, null)");
    };
  }

  /** A range of two numbers, integral when both are integers. */
  public static FieldGen.Range range(String where, String min, String max) {
    try {
      boolean integral = min.matches("-?\\d+") && max.matches("-?\\d+");
      return range(where, Double.parseDouble(min), Double.parseDouble(max), integral);
    } catch (NumberFormatException e) {
      throw new KafkaLoadConfigException(where + "range " + min + ".." + max + " is not numeric");
    }
  }

  public static FieldGen.Range range(String where, double min, double max, boolean integral) {
    refuseIf(
        !(min <= max) || Double.isInfinite(min) || Double.isInfinite(max),
        where + "range " + min + ".." + max + ": the minimum is above the maximum");
    return new FieldGen.Range(min, max, integral);
  }

  public static FieldGen.OneOf oneOf(String where, List<Object> values) {
    refuseIf(
        values.isEmpty() || values.contains(null), where + "oneOf needs values, none of them null");
    return new FieldGen.OneOf(List.copyOf(values));
  }
}
