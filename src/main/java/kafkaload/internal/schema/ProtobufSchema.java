package kafkaload.internal.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * A Protobuf message type of a .proto file, parsed by {@link ProtoParser}, built and checked by
 * protobuf-java, its records DynamicMessages; the registry stores the .proto text.
 */
public record ProtobufSchema(
    String text, FileDescriptor file, Descriptor descriptor, List<Integer> messageIndexes)
    implements RecordSchema {
  /**
   * The message named (simple or full name; null: the file's first message) of this .proto text.
   */
  public static ProtobufSchema parse(String text, String messageName) {
    FileDescriptor file;
    try {
      file = FileDescriptor.buildFrom(descriptorProto(text), new FileDescriptor[0]);
    } catch (Descriptors.DescriptorValidationException e) {
      throw new Mismatch("not a valid .proto: " + e.getMessage());
    }
    if (file.getMessageTypes().isEmpty()) {
      throw new Mismatch("the .proto defines no message");
    }
    Descriptor message = find(file, messageName);
    return new ProtobufSchema(text, file, message, indexesOf(message));
  }

  /** The file's descriptor: from .proto text, or a base64 serialized FileDescriptorProto. */
  static FileDescriptorProto descriptorProto(String text) {
    String t = text.trim();
    if (!t.isEmpty() && t.matches("[A-Za-z0-9+/=\\s]+") && !t.contains(" ")) {
      try {
        return FileDescriptorProto.parseFrom(Base64.getMimeDecoder().decode(t));
      } catch (IllegalArgumentException | InvalidProtocolBufferException e) {
        // not a serialized descriptor: read it as .proto text
      }
    }
    return ProtoParser.parse(text);
  }

  /** The file as Confluent's registry serves ?format=serialized: a base64 FileDescriptorProto. */
  public static String serialized(String text) {
    ProtobufSchema parsed = parse(text, null);
    FileDescriptorProto.Builder b = descriptorProto(text).toBuilder();
    for (int i = 0; i < b.getMessageTypeCount(); i++) {
      resolve(b.getMessageTypeBuilder(i), parsed.file.getMessageTypes().get(i));
    }
    return Base64.getEncoder().encodeToString(b.build().toByteArray());
  }

  /** Type names fully qualified (".com.acme.Address") and field types set, as protoc does. */
  private static void resolve(DescriptorProtos.DescriptorProto.Builder m, Descriptor d) {
    for (int i = 0; i < m.getFieldCount(); i++) {
      FieldDescriptor f = d.findFieldByNumber(m.getField(i).getNumber());
      boolean message = f.getType() == FieldDescriptor.Type.MESSAGE;
      if (message || f.getType() == FieldDescriptor.Type.ENUM) {
        String type = message ? f.getMessageType().getFullName() : f.getEnumType().getFullName();
        m.getFieldBuilder(i).setTypeName("." + type).setType(f.getType().toProto());
      }
    }
    for (int i = 0; i < m.getNestedTypeCount(); i++) {
      resolve(m.getNestedTypeBuilder(i), d.getNestedTypes().get(i));
    }
  }

  /** The message at this message-index path (Confluent's framing), for a record read back. */
  public ProtobufSchema at(List<Integer> path) {
    Descriptor d = file.getMessageTypes().get(path.get(0));
    for (int i = 1; i < path.size(); i++) {
      d = d.getNestedTypes().get(path.get(i));
    }
    return d == descriptor ? this : new ProtobufSchema(text, file, d, indexesOf(d));
  }

  private static Descriptor find(FileDescriptor file, String name) {
    if (name == null || name.isBlank()) {
      return file.getMessageTypes().get(0);
    }
    String full =
        name.contains(".") || file.getPackage().isEmpty() ? name : file.getPackage() + "." + name;
    Descriptor d = find(file.getMessageTypes(), full);
    if (d != null) {
      return d;
    }
    List<String> names = file.getMessageTypes().stream().map(Descriptor::getFullName).toList();
    throw new Mismatch("the .proto has no message '" + name + "' (it has " + names + ")");
  }

  /**
   * The message with this full name among {@code ds} or nested in them, depth first; null for none.
   * Full names are unique in a file: the first found, top-level or nested, is the one.
   */
  private static Descriptor find(List<Descriptor> ds, String fullName) {
    for (Descriptor d : ds) {
      Descriptor found = d.getFullName().equals(fullName) ? d : find(d.getNestedTypes(), fullName);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static List<Integer> indexesOf(Descriptor d) {
    List<Integer> path = new ArrayList<>();
    for (Descriptor x = d; x != null; x = x.getContainingType()) {
      path.add(0, x.getIndex());
    }
    return List.copyOf(path);
  }

  @Override
  public SchemaFormat format() {
    return SchemaFormat.PROTOBUF;
  }

  @Override
  public String recordName() {
    return descriptor.getFullName();
  }

  @Override
  public byte[] encode(Object content) {
    if (content instanceof Message m) {
      if (!m.getDescriptorForType().getFullName().equals(descriptor.getFullName())) {
        throw new Mismatch(
            "the message is a %s, not a %s"
                .formatted(m.getDescriptorForType().getFullName(), descriptor.getFullName()));
      }
      return m.toByteArray();
    }
    return build(descriptor, RecordSchema.tree(content), "", false).toByteArray();
  }

  @Override
  public String toJson(byte[] value, int offset) {
    try {
      DynamicMessage m =
          DynamicMessage.parseFrom(
              descriptor, CodedInputStream.newInstance(value, offset, value.length - offset));
      return json(m).toString();
    } catch (IOException e) {
      throw new Mismatch(
          "cannot decode the Protobuf record (" + recordName() + "): " + e.getMessage());
    }
  }

  @Override
  public void checkTemplate(JsonNode template) {
    build(descriptor, template, "", true);
  }

  private static DynamicMessage build(Descriptor d, JsonNode n, String path, boolean lenient) {
    if (n == null || !n.isObject()) {
      throw new Mismatch(
          String.format(
              "%s should be a message %s (a JSON object), not %s",
              path.isEmpty() ? "the record" : "field '" + path + "'", d.getFullName(), n));
    }
    DynamicMessage.Builder b = DynamicMessage.newBuilder(d);
    for (Map.Entry<String, JsonNode> e : n.properties()) {
      String fp = RecordSchema.field(path, e.getKey());
      FieldDescriptor f = d.findFieldByName(e.getKey());
      if (f == null) {
        for (FieldDescriptor c : d.getFields()) {
          f = c.getJsonName().equals(e.getKey()) ? c : f;
        }
      }
      if (f == null) {
        throw new Mismatch("field '" + fp + "' is not in the message " + d.getFullName());
      }
      JsonNode v = e.getValue();
      if (v.isNull() || lenient && RecordSchema.isPlaceholder(v)) {
        continue;
      }
      if (f.isRepeated()) {
        if (!v.isArray()) {
          throw new Mismatch("field '" + fp + "' is repeated: it should be a JSON array, not " + v);
        }
        for (int i = 0; i < v.size(); i++) {
          Object x = value(f, v.get(i), fp + "[" + i + "]", lenient);
          if (x != null) {
            b.addRepeatedField(f, x);
          }
        }
      } else {
        b.setField(f, value(f, v, fp, lenient));
      }
    }
    return b.build();
  }

  private static Object value(FieldDescriptor f, JsonNode v, String path, boolean lenient) {
    if (lenient && RecordSchema.isPlaceholder(v)) {
      return null;
    }
    Object x =
        switch (f.getJavaType()) {
          case MESSAGE -> build(f.getMessageType(), v, path, lenient);
          case STRING -> v.isTextual() ? v.asText() : null;
          case INT -> v.isIntegralNumber() && v.canConvertToInt() ? v.intValue() : null;
          case LONG ->
              v.isTextual() && v.asText().matches("-?\\d+")
                  ? Long.valueOf(v.asText())
                  : v.isIntegralNumber() && v.canConvertToLong() ? v.longValue() : null;
          case FLOAT -> v.isNumber() ? v.floatValue() : null;
          case DOUBLE -> v.isNumber() ? v.doubleValue() : null;
          case BOOLEAN -> v.isBoolean() ? v.booleanValue() : null;
          case BYTE_STRING ->
              v.isTextual() ? ByteString.copyFrom(Base64.getDecoder().decode(v.asText())) : null;
          case ENUM -> enumValue(f, v, path);
        };
    if (x == null) {
      throw new Mismatch(
          "field '" + path + "' should be " + f.getType().name().toLowerCase() + ", not " + v);
    }
    return x;
  }

  private static Descriptors.EnumValueDescriptor enumValue(
      FieldDescriptor f, JsonNode v, String path) {
    Descriptors.EnumValueDescriptor ev =
        v.isTextual()
            ? f.getEnumType().findValueByName(v.asText())
            : v.isIntegralNumber() ? f.getEnumType().findValueByNumber(v.intValue()) : null;
    if (ev == null) {
      throw new Mismatch(
          String.format(
              "field '%s' should be one of %s, not %s", path, f.getEnumType().getValues(), v));
    }
    return ev;
  }

  /**
   * The message as JSON: field names as in the .proto, 64-bit integers as numbers, bytes as base64.
   */
  static ObjectNode json(Message m) {
    ObjectNode o = JSON.createObjectNode();
    for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
      if (f.isRepeated()) {
        ArrayNode a = o.putArray(f.getName());
        for (int i = 0; i < m.getRepeatedFieldCount(f); i++) {
          a.add(JSON.valueToTree(plain(m.getRepeatedField(f, i))));
        }
      } else if (!f.hasPresence() || m.hasField(f)) {
        o.set(f.getName(), JSON.valueToTree(plain(m.getField(f))));
      }
    }
    return o;
  }

  private static Object plain(Object v) {
    if (v instanceof Message m) {
      return json(m);
    }
    if (v instanceof Descriptors.EnumValueDescriptor e) {
      return e.getName();
    }
    if (v instanceof ByteString b) {
      return Base64.getEncoder().encodeToString(b.toByteArray());
    }
    return v;
  }
}
