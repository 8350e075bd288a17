package kafkaload.internal.schema;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads a self-contained .proto into a FileDescriptorProto for protobuf-java to build: it has no
 * parser, and Square's brings Kotlin and okio. Covers syntax, package, options, messages, enums,
 * fields, optional, repeated, oneof, reserved; import, maps, extensions, services and groups are
 * refused by name.
 */
final class ProtoParser {
  private static final Pattern TOKEN =
      Pattern.compile(
          "\\s+|//[^\\n]*|/\\*.*?\\*/|\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|[A-Za-z_][\\w.]*|-?\\d+|[{}\\[\\]()<>;=,.]",
          Pattern.DOTALL);

  /** The scalar types by their .proto names: TYPE_INT32 is "int32". */
  private static final Map<String, FieldDescriptorProto.Type> SCALARS =
      Arrays.stream(FieldDescriptorProto.Type.values())
          .filter(t -> !Set.of("TYPE_GROUP", "TYPE_MESSAGE", "TYPE_ENUM").contains(t.name()))
          .collect(Collectors.toMap(t -> t.name().substring(5).toLowerCase(), t -> t));

  private final List<String> tokens = new ArrayList<>();
  private int pos;
  private boolean proto3;

  private ProtoParser(String text) {
    Matcher m = TOKEN.matcher(text);
    int at = 0;
    while (at < text.length()) {
      if (!m.find(at) || m.start() != at) {
        throw new RecordSchema.Mismatch(
            String.format(
                "not a valid .proto: unexpected character '%s' at offset %s", text.charAt(at), at));
      }
      String t = m.group();
      if (!t.isBlank() && !t.startsWith("//") && !t.startsWith("/*")) {
        tokens.add(t);
      }
      at = m.end();
    }
  }

  static FileDescriptorProto parse(String text) {
    return new ProtoParser(text).file();
  }

  private FileDescriptorProto file() {
    FileDescriptorProto.Builder f =
        FileDescriptorProto.newBuilder().setName("kafkaload-schema.proto");
    while (pos < tokens.size()) {
      String t = next();
      switch (t) {
        case "syntax" -> {
          expect("=");
          String s = unquote(next());
          proto3 = s.equals("proto3");
          f.setSyntax(s);
          expect(";");
        }
        case "package" -> {
          f.setPackage(next());
          expect(";");
        }
        case "option" -> skipStatement();
        case "message" -> f.addMessageType(message(next()));
        case "enum" -> f.addEnumType(enumType(next()));
        case ";" -> {}
        default -> throw unsupported(t);
      }
    }
    return f.build();
  }

  private DescriptorProto message(String name) {
    DescriptorProto.Builder m = DescriptorProto.newBuilder().setName(name);
    expect("{");
    body(m, -1);
    // A proto3 optional's synthetic oneof, declared after the real ones as protoc writes them
    // (protobuf-java wants that order), in the fields' order.
    for (FieldDescriptorProto.Builder f : m.getFieldBuilderList()) {
      if (f.getProto3Optional()) {
        f.setOneofIndex(m.getOneofDeclCount());
        m.addOneofDecl(OneofDescriptorProto.newBuilder().setName("_" + f.getName()));
      }
    }
    return m.build();
  }

  /** Fields and nested types to the closing brace; {@code oneof}: the oneof's index, or -1. */
  private void body(DescriptorProto.Builder m, int oneof) {
    while (true) {
      String t = next();
      switch (t) {
        case "}" -> {
          return;
        }
        case ";" -> {}
        case "message" -> m.addNestedType(message(next()));
        case "enum" -> m.addEnumType(enumType(next()));
        case "option", "reserved" -> skipStatement();
        case "oneof" -> {
          m.addOneofDecl(OneofDescriptorProto.newBuilder().setName(next()));
          expect("{");
          body(m, m.getOneofDeclCount() - 1);
        }
        case "map", "extensions", "extend", "group", "import", "service" -> throw unsupported(t);
        default -> field(m, t, oneof);
      }
    }
  }

  private void field(DescriptorProto.Builder m, String first, int oneof) {
    boolean labelled = Set.of("repeated", "optional", "required").contains(first);
    String label = "LABEL_" + (labelled ? first : "optional").toUpperCase(Locale.ROOT);
    FieldDescriptorProto.Builder f =
        FieldDescriptorProto.newBuilder().setLabel(FieldDescriptorProto.Label.valueOf(label));
    String type = labelled ? next() : first;
    if (type.equals("map") || type.equals("group")) {
      throw unsupported(type);
    }
    f.setName(next());
    expect("=");
    f.setNumber(Integer.parseInt(next()));
    // field options (packed, deprecated, json_name ...) do not change the encoding written here
    endOfStatement();
    FieldDescriptorProto.Type scalar = SCALARS.get(type);
    if (scalar != null) {
      f.setType(scalar);
    } else {
      f.setTypeName(type); // a message or enum: protobuf-java resolves the name and finds out which
    }
    if (oneof >= 0) {
      f.setOneofIndex(oneof);
    } else if (first.equals("optional") && proto3) {
      f.setProto3Optional(true);
    }
    m.addField(f);
  }

  private EnumDescriptorProto enumType(String name) {
    EnumDescriptorProto.Builder e = EnumDescriptorProto.newBuilder().setName(name);
    expect("{");
    while (true) {
      String t = next();
      if (t.equals("}")) {
        return e.build();
      }
      if (t.equals("option") || t.equals("reserved")) {
        skipStatement();
      } else if (!t.equals(";")) {
        expect("=");
        e.addValue(
            EnumValueDescriptorProto.newBuilder().setName(t).setNumber(Integer.parseInt(next())));
        endOfStatement();
      }
    }
  }

  /** Options in brackets, skipped, then the ';'. */
  private void endOfStatement() {
    if (pos < tokens.size() && tokens.get(pos).equals("[")) {
      while (!next().equals("]")) {
        // skipped
      }
    }
    expect(";");
  }

  private void skipStatement() {
    int depth = 0;
    while (true) {
      String t = next();
      depth += t.equals("{") ? 1 : t.equals("}") ? -1 : 0;
      if (depth == 0 && (t.equals(";") || t.equals("}"))) {
        return;
      }
    }
  }

  private String next() {
    if (pos >= tokens.size()) {
      throw new RecordSchema.Mismatch(
          "not a valid .proto: it ends too early (a '}' or ';' missing?)");
    }
    return tokens.get(pos++);
  }

  private void expect(String t) {
    String got = next();
    if (!got.equals(t)) {
      throw new RecordSchema.Mismatch(
          "not a valid .proto: expected '" + t + "' but found '" + got + "' (token " + pos + ")");
    }
  }

  private static String unquote(String s) {
    return s.length() >= 2 ? s.substring(1, s.length() - 1) : s;
  }

  private static RecordSchema.Mismatch unsupported(String what) {
    return new RecordSchema.Mismatch(
        ("'%s' in a .proto is not supported here (self-contained files with messages, enums,"
                + " scalar/message/enum fields, repeated, optional and oneof are)")
            .formatted(what));
  }
}
