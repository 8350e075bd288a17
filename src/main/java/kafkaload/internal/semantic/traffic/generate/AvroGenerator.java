package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;
import kafkaload.internal.semantic.traffic.generate.Scalar.Kind;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * Avro records as GenericRecords: records, primitives, enums, arrays, maps, unions (null included),
 * fixed, and the logical types decimal, uuid, date, time and timestamp (whose numbers stay in
 * sensible ranges); a recursive record is refused by field. One walk of a schema:
 *
 * @param rules the spec's field rules, each taken as the walk reaches its field
 * @param inProgress the records being walked, to refuse a recursive one
 */
record AvroGenerator(Rules rules, Set<String> inProgress) {
  /** 2020-01-01 and 2030-01-01 in ms: the timestamps' range. */
  private static final double T0 = 1_577_836_800_000d;

  private static final double T1 = 1_893_456_000_000d;

  static Draw of(Schema schema, Rules rules) {
    refuseIf(
        schema.getType() != Schema.Type.RECORD,
        "the schema is " + schema.getType().getName() + ", not a record");
    return new AvroGenerator(rules, new HashSet<>()).node(schema, "", FieldRule.DEFAULT);
  }

  private Draw node(Schema s, String path, FieldRule rule) {
    if (s.getType() == Schema.Type.UNION) {
      return union(s, path, rule);
    }
    refuseIf(
        rule.hasNullProbability() && s.getType() != Schema.Type.NULL,
        "field '%s': a null probability needs a nullable field (a union with null), not %s"
            .formatted(path, s));
    String where = "field '" + path + "'";
    return switch (s.getType()) {
      case RECORD -> record(s, path, rule);
      case ARRAY -> {
        rule.requireRandom(where, "an array");
        Draw item = node(s.getElementType(), path + "[]", FieldRule.DEFAULT);
        yield (r, n) -> new GenericData.Array<>(s, item.draws(r, n, r.nextInt(5)));
      }
      case MAP -> {
        rule.requireRandom(where, "a map");
        Draw value = node(s.getValueType(), path + "{}", FieldRule.DEFAULT);
        yield (r, n) -> {
          int size = r.nextInt(4);
          Map<String, Object> out = new HashMap<>();
          for (int i = 0; i < size; i++) {
            out.put(Scalars.letters(r, 1 + r.nextInt(8)), value.draw(r, n));
          }
          return out;
        };
      }
      case NULL -> {
        rule.requireRandom(where, "null");
        yield (r, n) -> null;
      }
      default -> scalar(s, path, rule);
    };
  }

  private Draw record(Schema s, String path, FieldRule rule) {
    rule.requireRandom("field '" + path + "'", "a record");
    refuseIf(
        !inProgress.add(s.getFullName()),
        "field '%s': record %s is recursive, which the generator does not make"
            .formatted(path, s.getFullName()));
    Draw[] parts = new Draw[s.getFields().size()];
    for (Schema.Field f : s.getFields()) {
      String fp = RecordSchema.field(path, f.name());
      parts[f.pos()] = node(f.schema(), fp, rules.take(fp));
    }
    inProgress.remove(s.getFullName());
    return (r, n) -> {
      GenericData.Record out = new GenericData.Record(s);
      for (int i = 0; i < parts.length; i++) {
        out.put(i, parts[i].draw(r, n));
      }
      return out;
    };
  }

  /**
   * Null with the rule's probability (else, without a generator, as likely as each other branch),
   * else a branch.
   */
  private Draw union(Schema s, String path, FieldRule rule) {
    boolean nullable = s.getTypes().stream().anyMatch(b -> b.getType() == Schema.Type.NULL);
    refuseIf(
        rule.hasNullProbability() && !nullable,
        "field '" + path + "': a null probability needs a nullable field, not " + s);
    FieldRule branchRule = rule.withNullProbability(-1);
    List<Draw> branches =
        Rules.branches(
            s.getTypes().stream().filter(b -> b.getType() != Schema.Type.NULL).toList(),
            branchRule,
            b -> node(b, path, branchRule));
    double pNull =
        !nullable || !branchRule.isRandom() && !rule.hasNullProbability()
            ? 0 // a generator of the user's: its values, null only when asked
            : rule.hasNullProbability() ? rule.nullProbability() : 1.0 / (branches.size() + 1);
    Draw[] a = branches.toArray(new Draw[0]);
    return (r, n) ->
        a.length == 0 || r.nextDouble() < pNull ? null : a[r.nextInt(a.length)].draw(r, n);
  }

  private Draw scalar(Schema s, String path, FieldRule rule) {
    LogicalType lt = s.getLogicalType();
    if (lt instanceof LogicalTypes.Decimal d) {
      refuseIf(
          !rule.isRandom(),
          "field '" + path + "': a decimal takes no generator (" + rule.gen().describe() + ")");
      return decimal(s, d.getPrecision());
    }
    Scalar t = type(s);
    if (lt != null && rule.isRandom()) {
      if (lt.getName().equals("uuid")) {
        return (r, n) -> new UUID(r.nextLong(), r.nextLong()).toString();
      }
      t =
          switch (lt.getName()) {
            case "date" -> t.withBounds(T0 / 86_400_000, T1 / 86_400_000);
            case "time-millis" -> t.withBounds(0, 86_399_999);
            case "time-micros" -> t.withBounds(0, 86_399_999_999d);
            case "timestamp-millis", "local-timestamp-millis" -> t.withBounds(T0, T1);
            case "timestamp-micros", "local-timestamp-micros" -> t.withBounds(T0 * 1e3, T1 * 1e3);
            case "timestamp-nanos", "local-timestamp-nanos" -> t.withBounds(T0 * 1e6, T1 * 1e6);
            default -> t;
          };
    }
    Draw plain = Scalars.draw(t, rule.gen(), path);
    if (t.kind() == Kind.ENUM) {
      return (r, n) -> new GenericData.EnumSymbol(s, plain.draw(r, n));
    }
    if (s.getType() == Schema.Type.FIXED) {
      return (r, n) -> new GenericData.Fixed(s, (byte[]) plain.draw(r, n));
    }
    if (t.kind() == Kind.BYTES) {
      return (r, n) -> ByteBuffer.wrap((byte[]) plain.draw(r, n));
    }
    return plain;
  }

  private static Scalar type(Schema s) {
    return switch (s.getType()) {
      case STRING, INT, LONG, FLOAT, DOUBLE, BOOLEAN, BYTES ->
          Scalar.of(Kind.valueOf(s.getType().name()));
      case FIXED -> Scalar.of(Kind.BYTES).withFixedSize(s.getFixedSize());
      default -> Scalar.of(Kind.ENUM).withSymbols(List.copyOf(s.getEnumSymbols()));
    };
  }

  /** An unscaled value of at most {@code precision} digits, as two's-complement bytes. */
  private static Draw decimal(Schema s, int precision) {
    BigInteger bound = BigInteger.TEN.pow(Math.min(precision, 18));
    int size = s.getType() == Schema.Type.FIXED ? s.getFixedSize() : -1;
    return (r, n) -> {
      BigInteger v = BigInteger.valueOf(r.nextLong(bound.longValue()));
      byte[] b = (r.nextBoolean() ? v.negate() : v).toByteArray();
      if (size < 0) {
        return ByteBuffer.wrap(b);
      }
      byte[] out = new byte[size];
      int skip = Math.max(0, b.length - size);
      Arrays.fill(out, 0, size - (b.length - skip), (byte) (b[0] < 0 ? 0xFF : 0));
      System.arraycopy(b, skip, out, size - (b.length - skip), b.length - skip);
      return new GenericData.Fixed(s, out);
    };
  }
}
