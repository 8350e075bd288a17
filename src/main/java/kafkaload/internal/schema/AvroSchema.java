package kafkaload.internal.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
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
public final class AvroSchema implements RecordSchema {
  private final Schema schema;
  private final String text;
  private final GenericDatumWriter<Object> writer;
  private final GenericDatumReader<Object> reader;

  /** Encoders are cheap to reuse and not thread-safe: one per thread. */
  private final ThreadLocal<BinaryEncoder> encoders = new ThreadLocal<>();

  public AvroSchema(String text) {
    try {
      this.schema = new Schema.Parser().parse(text);
    } catch (SchemaParseException e) {
      throw new Mismatch("not a valid Avro schema: " + e.getMessage());
    }
    this.text = schema.toString();
    this.writer = new GenericDatumWriter<>(schema);
    this.reader = new GenericDatumReader<>(schema);
  }

  public Schema schema() {
    return schema;
  }

  @Override
  public SchemaFormat format() {
    return SchemaFormat.AVRO;
  }

  @Override
  public String text() {
    return text;
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
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, encoders.get());
    encoders.set(enc);
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
  static Object datum(Schema s, JsonNode n, String path, boolean lenient) {
    if (lenient && RecordSchema.isPlaceholder(n)) {
      return null;
    }
    String where = path.isEmpty() ? "the record" : "field '" + path + "'";
    switch (s.getType()) {
      case RECORD:
        {
          if (n == null || !n.isObject()) {
            throw mismatch(where, "a record " + s.getFullName() + " (a JSON object)", n);
          }
          GenericData.Record r = new GenericData.Record(s);
          for (Schema.Field f : s.getFields()) {
            JsonNode v = n.get(f.name());
            String fp = RecordSchema.field(path, f.name());
            if (v == null) {
              if (!f.hasDefaultValue()) {
                throw new Mismatch(
                    String.format(
                        "field '%s' is missing, and the schema %s gives it no default",
                        fp, s.getFullName()));
              }
              r.put(
                  f.pos(),
                  GenericData.get().deepCopy(f.schema(), GenericData.get().getDefaultValue(f)));
            } else {
              r.put(f.pos(), datum(f.schema(), v, fp, lenient));
            }
          }
          for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (s.getField(name) == null) {
              throw new Mismatch(
                  "field '"
                      + RecordSchema.field(path, name)
                      + "' is not in the schema "
                      + s.getFullName());
            }
          }
          return r;
        }
      case UNION:
        {
          if (n == null || n.isNull()) {
            for (Schema b : s.getTypes()) {
              if (b.getType() == Schema.Type.NULL) {
                return null;
              }
            }
            throw mismatch(where, s.toString(), n);
          }
          Mismatch first = null;
          for (Schema b : s.getTypes()) {
            if (b.getType() == Schema.Type.NULL) {
              continue;
            }
            try {
              return datum(b, n, path, lenient);
            } catch (Mismatch m) {
              first = first == null ? m : first;
            }
          }
          throw first != null ? first : mismatch(where, s.toString(), n);
        }
      case STRING:
        if (n != null && n.isTextual()) {
          return n.asText();
        }
        throw mismatch(where, "a string", n);
      case INT:
        if (n != null && n.isIntegralNumber() && n.canConvertToInt()) {
          return n.intValue();
        }
        throw mismatch(where, "an int", n);
      case LONG:
        if (n != null && n.isIntegralNumber() && n.canConvertToLong()) {
          return n.longValue();
        }
        throw mismatch(where, "a long", n);
      case FLOAT:
        if (n != null && n.isNumber()) {
          return n.floatValue();
        }
        throw mismatch(where, "a float", n);
      case DOUBLE:
        if (n != null && n.isNumber()) {
          return n.doubleValue();
        }
        throw mismatch(where, "a double", n);
      case BOOLEAN:
        if (n != null && n.isBoolean()) {
          return n.booleanValue();
        }
        throw mismatch(where, "a boolean", n);
      case NULL:
        if (n == null || n.isNull()) {
          return null;
        }
        throw mismatch(where, "null", n);
      case ENUM:
        if (n != null && n.isTextual() && s.hasEnumSymbol(n.asText())) {
          return new GenericData.EnumSymbol(s, n.asText());
        }
        throw mismatch(where, "one of " + s.getEnumSymbols(), n);
      case ARRAY:
        {
          if (n == null || !n.isArray()) {
            throw mismatch(where, "an array", n);
          }
          List<Object> out = new ArrayList<>(n.size());
          for (int i = 0; i < n.size(); i++) {
            out.add(datum(s.getElementType(), n.get(i), path + "[" + i + "]", lenient));
          }
          return new GenericData.Array<>(s, out);
        }
      case MAP:
        {
          if (n == null || !n.isObject()) {
            throw mismatch(where, "a map (a JSON object)", n);
          }
          Map<String, Object> out = new LinkedHashMap<>();
          n.fields()
              .forEachRemaining(
                  e ->
                      out.put(
                          e.getKey(),
                          datum(
                              s.getValueType(),
                              e.getValue(),
                              RecordSchema.field(path, e.getKey()),
                              lenient)));
          return out;
        }
      case BYTES:
        if (n != null && n.isTextual()) {
          return ByteBuffer.wrap(n.asText().getBytes(StandardCharsets.ISO_8859_1));
        }
        throw mismatch(where, "bytes (a string)", n);
      case FIXED:
        if (n != null && n.isTextual() && n.asText().length() == s.getFixedSize()) {
          return new GenericData.Fixed(s, n.asText().getBytes(StandardCharsets.ISO_8859_1));
        }
        throw mismatch(where, "fixed(" + s.getFixedSize() + ")", n);
      default:
        throw mismatch(where, s.getType().getName(), n);
    }
  }

  private static Mismatch mismatch(String where, String expected, JsonNode n) {
    return new Mismatch(
        where + " should be " + expected + ", not " + (n == null ? "missing" : n.toString()));
  }
}
