package kafkaload.internal.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/** An Avro schema: JSON content becomes a GenericRecord, written with Avro's binary encoder. */
public record AvroSchema(
    Schema schema,
    String text,
    GenericDatumWriter<Object> writer,
    GenericDatumReader<Object> reader)
    implements RecordSchema {
  /** Encoders are cheap to reuse and not thread-safe: one per thread. */
  private static final ThreadLocal<BinaryEncoder> ENCODERS = new ThreadLocal<>();

  public AvroSchema(String text) {
    this(parsed(text));
  }

  private AvroSchema(Schema s) {
    this(s, s.toString(), new GenericDatumWriter<>(s), new GenericDatumReader<>(s));
  }

  private static Schema parsed(String text) {
    try {
      return new Schema.Parser().parse(text);
    } catch (SchemaParseException e) {
      throw new Mismatch("not a valid Avro schema: " + e.getMessage());
    }
  }

  @Override
  public SchemaFormat format() {
    return SchemaFormat.AVRO;
  }

  @Override
  public String recordName() {
    return schema.getFullName();
  }

  @Override
  public byte[] encode(Object content) {
    Object datum =
        content instanceof IndexedRecord
            ? content
            : datum(schema, RecordSchema.tree(content), "", false);
    ByteArrayOutputStream out = new ByteArrayOutputStream(128);
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, ENCODERS.get());
    ENCODERS.set(enc);
    try {
      writer.write(datum, enc);
      enc.flush();
    } catch (IOException | AvroRuntimeException | ClassCastException | NullPointerException e) {
      throw new Mismatch(
          "the record does not fit Avro schema " + recordName() + ": " + e.getMessage());
    }
    return out.toByteArray();
  }

  @Override
  public String toJson(byte[] value, int offset) {
    BinaryDecoder dec =
        DecoderFactory.get().binaryDecoder(value, offset, value.length - offset, null);
    try {
      return GenericData.get().toString(reader.read(null, dec));
    } catch (IOException | RuntimeException e) {
      throw new Mismatch("cannot decode the Avro record (" + recordName() + "): " + e);
    }
  }

  @Override
  public void checkTemplate(JsonNode template) {
    datum(schema, template, "", true);
  }

  /** JSON as the Avro datum of this schema; {@code lenient}: an EL placeholder fits any type. */
  static Object datum(Schema s, JsonNode node, String path, boolean lenient) {
    if (lenient && RecordSchema.isPlaceholder(node)) {
      return null;
    }
    JsonNode n = node == null ? MissingNode.getInstance() : node;
    String where = path.isEmpty() ? "the record" : "field '" + path + "'";
    return switch (s.getType()) {
      case RECORD -> record(s, n, path, lenient, where);
      case UNION -> union(s, n, path, lenient, where);
      case STRING -> n.isTextual() ? n.asText() : fail(where, "a string", n);
      case INT ->
          n.isIntegralNumber() && n.canConvertToInt() ? n.intValue() : fail(where, "an int", n);
      case LONG ->
          n.isIntegralNumber() && n.canConvertToLong() ? n.longValue() : fail(where, "a long", n);
      case FLOAT -> n.isNumber() ? n.floatValue() : fail(where, "a float", n);
      case DOUBLE -> n.isNumber() ? n.doubleValue() : fail(where, "a double", n);
      case BOOLEAN -> n.isBoolean() ? n.booleanValue() : fail(where, "a boolean", n);
      case NULL -> n.isMissingNode() || n.isNull() ? null : fail(where, "null", n);
      case ENUM ->
          n.isTextual() && s.hasEnumSymbol(n.asText())
              ? new GenericData.EnumSymbol(s, n.asText())
              : fail(where, "one of " + s.getEnumSymbols(), n);
      case ARRAY -> {
        if (!n.isArray()) {
          yield fail(where, "an array", n);
        }
        List<Object> out = new ArrayList<>(n.size());
        for (int i = 0; i < n.size(); i++) {
          out.add(datum(s.getElementType(), n.get(i), path + "[" + i + "]", lenient));
        }
        yield new GenericData.Array<>(s, out);
      }
      case MAP -> {
        if (!n.isObject()) {
          yield fail(where, "a map (a JSON object)", n);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (var e : n.properties()) {
          String fp = RecordSchema.field(path, e.getKey());
          out.put(e.getKey(), datum(s.getValueType(), e.getValue(), fp, lenient));
        }
        yield out;
      }
      case BYTES ->
          n.isTextual()
              ? ByteBuffer.wrap(n.asText().getBytes(StandardCharsets.ISO_8859_1))
              : fail(where, "bytes (a string)", n);
      case FIXED ->
          n.isTextual() && n.asText().length() == s.getFixedSize()
              ? new GenericData.Fixed(s, n.asText().getBytes(StandardCharsets.ISO_8859_1))
              : fail(where, "fixed(" + s.getFixedSize() + ")", n);
    };
  }

  private static Object record(Schema s, JsonNode n, String path, boolean lenient, String where) {
    if (!n.isObject()) {
      return fail(where, "a record " + s.getFullName() + " (a JSON object)", n);
    }
    GenericData.Record r = new GenericData.Record(s);
    for (Schema.Field f : s.getFields()) {
      JsonNode v = n.get(f.name());
      String fp = RecordSchema.field(path, f.name());
      if (v == null && !f.hasDefaultValue()) {
        throw new Mismatch(
            String.format(
                "field '%s' is missing, and the schema %s gives it no default",
                fp, s.getFullName()));
      }
      r.put(
          f.pos(),
          v == null
              ? GenericData.get().deepCopy(f.schema(), GenericData.get().getDefaultValue(f))
              : datum(f.schema(), v, fp, lenient));
    }
    for (var e : n.properties()) {
      if (s.getField(e.getKey()) == null) {
        throw new Mismatch(
            "field '%s' is not in the schema %s"
                .formatted(RecordSchema.field(path, e.getKey()), s.getFullName()));
      }
    }
    return r;
  }

  /** An absent value takes the union's null branch; any other the first other branch it fits. */
  private static Object union(Schema s, JsonNode n, String path, boolean lenient, String where) {
    boolean absent = n.isMissingNode() || n.isNull();
    Mismatch first = null;
    for (Schema b : s.getTypes()) {
      if ((b.getType() == Schema.Type.NULL) == absent) {
        try {
          return datum(b, n, path, lenient);
        } catch (Mismatch m) {
          first = first == null ? m : first;
        }
      }
    }
    throw first != null ? first : mismatch(where, s.toString(), n);
  }

  private static <T> T fail(String where, String expected, JsonNode n) {
    throw mismatch(where, expected, n);
  }

  private static Mismatch mismatch(String where, String expected, JsonNode n) {
    return new Mismatch(
        where + " should be " + expected + ", not " + (n.isMissingNode() ? "missing" : n));
  }
}
