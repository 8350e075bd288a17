package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;
import kafkaload.internal.semantic.traffic.generate.Scalar.Kind;

/**
 * Protobuf messages as DynamicMessages: scalars, enums, nested messages, repeated fields, maps and
 * oneofs (one member set per record). Well-known types (google.protobuf.*) and recursive messages
 * are refused by field. One walk of a message type:
 *
 * @param rules the spec's field rules, each taken as the walk reaches its field
 * @param inProgress the messages being walked, to refuse a recursive one
 */
record ProtobufGenerator(Rules rules, Set<String> inProgress) {
  static Draw of(Descriptor message, Rules rules) {
    return new ProtobufGenerator(rules, new HashSet<>()).message(message, "");
  }

  /** A part of a message: sets its field (or one of a oneof's) on the builder. */
  private interface Part {
    void set(DynamicMessage.Builder b, java.util.SplittableRandom r, long n);
  }

  private Draw message(Descriptor d, String path) {
    refuseIf(
        d.getFullName().startsWith("google.protobuf."),
        "field '" + path + "': the well-known type " + d.getFullName() + " is not generated");
    refuseIf(
        !inProgress.add(d.getFullName()),
        "field '%s': message %s is recursive, which the generator does not make"
            .formatted(path, d.getFullName()));
    List<Part> parts = new ArrayList<>();
    for (OneofDescriptor o : d.getRealOneofs()) {
      Part[] m =
          o.getFields().stream()
              .map(f -> field(f, RecordSchema.field(path, f.getName())))
              .toArray(Part[]::new);
      parts.add((b, r, n) -> m[r.nextInt(m.length)].set(b, r, n));
    }
    for (FieldDescriptor f : d.getFields()) {
      if (f.getRealContainingOneof() == null) {
        parts.add(field(f, RecordSchema.field(path, f.getName())));
      }
    }
    inProgress.remove(d.getFullName());
    Part[] a = parts.toArray(new Part[0]);
    return (r, n) -> {
      DynamicMessage.Builder b = DynamicMessage.newBuilder(d);
      for (Part p : a) {
        p.set(b, r, n);
      }
      return b.build();
    };
  }

  private Part field(FieldDescriptor f, String path) {
    FieldRule rule = rules.take(path);
    refuseIf(
        rule.hasNullProbability()
            && (f.isRepeated() || !f.hasPresence() || f.getRealContainingOneof() != null),
        "field '%s': a null probability needs a field with presence (optional or a message), which %s is not"
            .formatted(path, f.getName()));
    if (f.isRepeated()) {
      rule.requireRandom("field '" + path + "'", "a repeated field");
      Draw item = value(f, path + "[]", FieldRule.DEFAULT);
      return (b, r, n) -> item.draws(r, n, r.nextInt(5)).forEach(v -> b.addRepeatedField(f, v));
    }
    Draw v = value(f, path, rule.withNullProbability(-1));
    double pNull = rule.nullProbability();
    return (b, r, n) -> {
      if (pNull < 0 || r.nextDouble() >= pNull) {
        b.setField(f, v.draw(r, n));
      }
    };
  }

  private Draw value(FieldDescriptor f, String path, FieldRule rule) {
    if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
      rule.requireRandom("field '" + path + "'", "a message");
      return message(f.getMessageType(), f.isMapField() ? path + "{}" : path);
    }
    Draw plain = Scalars.draw(type(f), rule.gen(), path);
    return switch (f.getJavaType()) {
      case ENUM -> (r, n) -> f.getEnumType().findValueByName((String) plain.draw(r, n));
      case BYTE_STRING -> (r, n) -> ByteString.copyFrom((byte[]) plain.draw(r, n));
      default -> plain;
    };
  }

  /** The field's scalar type; value() has taken the message fields already. */
  private static Scalar type(FieldDescriptor f) {
    return switch (f.getType()) {
      case UINT32, FIXED32 -> Scalar.of(Kind.INT).withBounds(0, Integer.MAX_VALUE);
      case UINT64, FIXED64 -> Scalar.of(Kind.LONG).withBounds(0, Long.MAX_VALUE);
      case BYTES -> Scalar.of(Kind.BYTES);
      case ENUM ->
          Scalar.of(Kind.ENUM)
              .withSymbols(
                  f.getEnumType().getValues().stream().map(EnumValueDescriptor::getName).toList());
      default -> Scalar.of(Kind.valueOf(f.getJavaType().name()));
    };
  }
}
