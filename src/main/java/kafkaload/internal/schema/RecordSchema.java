package kafkaload.internal.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A parsed schema: its text (what the registry stores), the record name, and a record's payload
 * without framing. Content is JSON (text or tree), a Map, or the format's own object. Thread-safe.
 */
public interface RecordSchema {
  ObjectMapper JSON = new ObjectMapper();

  /**
   * What an EL expression of a template stands for while the template is checked before the load.
   */
  String EL_PLACEHOLDER = "\u0000kafkaload-el\u0000";

  SchemaFormat format();

  /** The schema as registered. */
  String text();

  /** The fully qualified record name (Avro full name, Protobuf message, JSON Schema title). */
  String recordName();

  /** Protobuf: the path of the message in its file; empty for the other formats. */
  default List<Integer> messageIndexes() {
    return List.of();
  }

  /** The payload of this content; content that does not fit throws {@link Mismatch}. */
  byte[] encode(Object content);

  /** A payload written with this schema, as JSON text. */
  String toJson(byte[] value, int offset);

  /** Checks a template's shape against the schema before the load; EL fits any type. */
  void checkTemplate(JsonNode template);

  /** A content that does not fit the schema; the message names the field. */
  final class Mismatch extends RuntimeException {
    public Mismatch(String message) {
      super(message, null, false, false);
    }
  }

  /** The content as a Jackson tree: JSON text parsed, anything else converted by Jackson. */
  static JsonNode tree(Object content) {
    if (content instanceof JsonNode n) {
      return n;
    }
    if (content instanceof String s) {
      try {
        return JSON.readTree(s);
      } catch (JsonProcessingException e) {
        throw new Mismatch("the content is not JSON: " + e.getOriginalMessage());
      }
    }
    if (content instanceof byte[] b) {
      return tree(new String(b, StandardCharsets.UTF_8));
    }
    return JSON.valueToTree(content);
  }

  /**
   * A JSON template, parsed, with each EL expression (quoted or not) replaced by the placeholder.
   */
  static JsonNode templateShape(String template) {
    String placeholder = "\"" + EL_PLACEHOLDER.replace("\u0000", "\\u0000") + "\"";
    StringBuilder out = new StringBuilder(template.length());
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c == '"') {
        int j = i + 1;
        while (j < template.length() && template.charAt(j) != '"') {
          j += template.charAt(j) == '\\' ? 2 : 1;
        }
        String string = template.substring(i, Math.min(j + 1, template.length()));
        out.append(string.contains("#{") ? placeholder : string);
        i = j + 1;
      } else if (c == '#' && template.startsWith("#{", i)) {
        int close = template.indexOf('}', i);
        out.append(placeholder);
        i = close < 0 ? template.length() : close + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    try {
      return JSON.readTree(out.toString());
    } catch (JsonProcessingException e) {
      throw new Mismatch(
          "the template is not JSON (EL expressions aside): " + e.getOriginalMessage());
    }
  }

  static boolean isPlaceholder(JsonNode n) {
    return n != null && n.isTextual() && EL_PLACEHOLDER.equals(n.asText());
  }

  static String field(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }
}
