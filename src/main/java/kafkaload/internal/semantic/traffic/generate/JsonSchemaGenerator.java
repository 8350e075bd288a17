package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;
import kafkaload.internal.semantic.traffic.generate.Scalar.Kind;

/**
 * JSON Schema instances as Jackson trees: type, properties, required, enum, const, minimum, maximum
 * (and their exclusive forms), minLength, maxLength, pattern, items, minItems, maxItems and the
 * formats date-time, date, uuid and email. Any other keyword that constrains values (allOf, anyOf,
 * oneOf, not, $ref, multipleOf, ...) is refused by field, as is an unknown format.
 *
 * @param rules the spec's field rules, each taken as the walk reaches its field
 */
record JsonSchemaGenerator(Rules rules) {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Keywords honoured, or annotations that constrain nothing. */
  private static final Set<String> KNOWN =
      Set.of(
          ("type properties required enum const minimum maximum exclusiveMinimum exclusiveMaximum"
                  + " minLength maxLength pattern items minItems maxItems format title description"
                  + " $schema $id id $comment default examples additionalProperties readOnly"
                  + " writeOnly deprecated")
              .split(" "));

  private static final Set<String> FORMATS = Set.of("date-time", "date", "uuid", "email");

  static Draw of(JsonNode schema, Rules rules) {
    return new JsonSchemaGenerator(rules).node(schema, "", FieldRule.DEFAULT, true);
  }

  private Draw node(JsonNode s, String path, FieldRule rule, boolean required) {
    String where = "field '" + (path.isEmpty() ? "(the record)" : path) + "'";
    for (Map.Entry<String, JsonNode> e : s.properties()) {
      refuseIf(
          !KNOWN.contains(e.getKey()),
          "%s: the JSON Schema keyword '%s' is one the generator cannot honour"
              .formatted(where, e.getKey()));
    }
    refuseIf(
        s.has("additionalProperties") && !s.get("additionalProperties").isBoolean(),
        where + ": additionalProperties as a schema is one the generator cannot honour");
    List<String> types = types(s, where);
    boolean nullable = types.contains("null");
    refuseIf(
        rule.hasNullProbability() && !nullable && required,
        where + ": a null probability needs a nullable field (type null, or not required)");
    Draw value = value(s, path, where, rule.withNullProbability(-1), types);
    double pNull = rule.nullProbability();
    if (pNull < 0) {
      return value;
    }
    // null: the JSON null where the type allows it, else the property left out (MISSING)
    JsonNode none = nullable ? NODES.nullNode() : null;
    return (r, n) -> r.nextDouble() < pNull ? none : value.draw(r, n);
  }

  private Draw value(JsonNode s, String path, String where, FieldRule rule, List<String> types) {
    if (s.has("const")) {
      JsonNode c = s.get("const");
      rule.requireRandom(where, "a const");
      return (r, n) -> c;
    }
    if (s.has("enum")) {
      List<JsonNode> symbols = new ArrayList<>();
      s.get("enum").forEach(symbols::add);
      if (rule.gen() instanceof FieldGen.OneOf o) {
        List<JsonNode> picked = new ArrayList<>();
        for (Object v : o.values()) {
          picked.add(
              symbols.stream()
                  .filter(e -> e.asText().equals(String.valueOf(v)))
                  .findFirst()
                  .orElseThrow(
                      () ->
                          new KafkaLoadConfigException(
                              "%s: the value '%s' of the list is not in the schema's enum %s"
                                  .formatted(where, v, s.get("enum")))));
        }
        symbols = picked;
      } else {
        rule.requireRandom(where, "an enum");
      }
      Object[] a = symbols.toArray();
      return (r, n) -> a[r.nextInt(a.length)];
    }
    List<String> nonNull = new ArrayList<>(types);
    nonNull.remove("null");
    if (nonNull.isEmpty()) {
      return (r, n) -> NODES.nullNode();
    }
    List<Draw> draws =
        new ArrayList<>(Rules.branches(nonNull, rule, type -> typed(s, path, where, rule, type)));
    if (types.contains("null") && rule.isRandom()) {
      draws.add((r, n) -> NODES.nullNode()); // without a generator, null as likely as each type
    }
    Draw[] a = draws.toArray(new Draw[0]);
    return a.length == 1 ? a[0] : (r, n) -> a[r.nextInt(a.length)].draw(r, n);
  }

  private Draw typed(JsonNode s, String path, String where, FieldRule rule, String type) {
    return switch (type) {
      case "object" -> object(s, path, where, rule);
      case "array" -> array(s, path, where, rule);
      case "string" -> string(s, path, where, rule);
      case "integer", "number" -> {
        boolean integer = type.equals("integer");
        double lo = bound(s, "minimum", "exclusiveMinimum", integer, 1);
        double hi = bound(s, "maximum", "exclusiveMaximum", integer, -1);
        Scalar t = Scalar.of(integer ? Kind.LONG : Kind.DOUBLE).withBounds(lo, hi);
        Draw d = Scalars.draw(t, rule.gen(), path);
        yield integer
            ? (r, n) -> NODES.numberNode(((Number) d.draw(r, n)).longValue())
            : (r, n) -> NODES.numberNode(((Number) d.draw(r, n)).doubleValue());
      }
      case "boolean" -> {
        Draw d = Scalars.draw(Scalar.of(Kind.BOOLEAN), rule.gen(), path);
        yield (r, n) -> NODES.booleanNode((Boolean) d.draw(r, n));
      }
      default ->
          throw new KafkaLoadConfigException(
              where + ": type '" + type + "' is not a JSON Schema type");
    };
  }

  private Draw array(JsonNode s, String path, String where, FieldRule rule) {
    rule.requireRandom(where, "an array");
    JsonNode items = s.get("items");
    refuseIf(
        items != null && !items.isObject(),
        where + ": items as a list is one the generator cannot honour");
    Draw item =
        items == null
            ? (r, n) -> NODES.textNode(Scalars.letters(r, 4))
            : node(items, path + "[]", FieldRule.DEFAULT, true);
    int lo = s.path("minItems").asInt(0);
    int hi = s.has("maxItems") ? Math.min(s.get("maxItems").asInt(), lo + 4) : lo + 4;
    refuseIf(hi < lo, where + ": minItems is above maxItems");
    return (r, n) -> {
      ArrayNode out = NODES.arrayNode();
      item.draws(r, n, lo + r.nextInt(hi - lo + 1)).forEach(x -> out.add((JsonNode) x));
      return out;
    };
  }

  private Draw object(JsonNode s, String path, String where, FieldRule rule) {
    rule.requireRandom(where, "an object");
    Set<String> required = new HashSet<>();
    s.path("required").forEach(x -> required.add(x.asText()));
    Map<String, Draw> parts = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> p : s.path("properties").properties()) {
      String fp = RecordSchema.field(path, p.getKey());
      parts.put(p.getKey(), node(p.getValue(), fp, rules.take(fp), required.contains(p.getKey())));
    }
    for (String name : required) {
      refuseIf(
          !parts.containsKey(name),
          where + ": required property '" + name + "' has no schema under properties");
    }
    String[] k = parts.keySet().toArray(new String[0]);
    Draw[] v = parts.values().toArray(new Draw[0]);
    return (r, n) -> {
      ObjectNode out = NODES.objectNode();
      for (int i = 0; i < k.length; i++) {
        JsonNode x = (JsonNode) v[i].draw(r, n);
        if (x != null) {
          out.set(k[i], x);
        }
      }
      return out;
    };
  }

  private Draw string(JsonNode s, String path, String where, FieldRule rule) {
    String format = s.has("format") ? s.get("format").asText() : null;
    refuseIf(
        format != null && !FORMATS.contains(format),
        "%s: format '%s' is one the generator cannot honour (it knows %s)"
            .formatted(where, format, FORMATS));
    if (format != null && rule.isRandom()) {
      return (r, n) -> NODES.textNode(formatted(format, r));
    }
    String pattern = s.has("pattern") ? ecmaToBrics(s.get("pattern").asText()) : null;
    Scalar t =
        Scalar.of(Kind.STRING)
            .withMinLength(s.path("minLength").asInt(-1))
            .withMaxLength(s.path("maxLength").asInt(-1))
            .withPattern(pattern);
    Draw d = Scalars.draw(t, rule.gen(), path);
    return (r, n) -> NODES.textNode((String) d.draw(r, n));
  }

  private static String formatted(String format, java.util.SplittableRandom r) {
    long ms = 1_577_836_800_000L + r.nextLong(315_532_800_000L);
    return switch (format) {
      case "date-time" -> java.time.Instant.ofEpochMilli(ms).toString();
      case "date" -> java.time.LocalDate.ofEpochDay(ms / 86_400_000L).toString();
      case "uuid" -> new UUID(r.nextLong(), r.nextLong()).toString();
      default -> Scalars.letters(r, 6).toLowerCase() + "@example.com";
    };
  }

  /** The common ECMA pattern forms in brics' syntax: anchors dropped, \d \w \s as classes. */
  static String ecmaToBrics(String p) {
    String q = p.startsWith("^") ? p.substring(1) : p;
    q = q.endsWith("$") && !q.endsWith("\\$") ? q.substring(0, q.length() - 1) : q;
    return q.replace("\\d", "[0-9]").replace("\\w", "[A-Za-z0-9_]").replace("\\s", "[ ]");
  }

  private static double bound(
      JsonNode s, String inclusive, String exclusive, boolean integer, int dir) {
    double b = s.has(inclusive) ? s.get(inclusive).asDouble() : Double.NaN;
    JsonNode ex = s.get(exclusive);
    if (ex != null && ex.isNumber()) {
      double x = ex.asDouble();
      double e = !integer ? x + dir * Math.ulp(x) : dir > 0 ? Math.floor(x) + 1 : Math.ceil(x) - 1;
      b = Double.isNaN(b) ? e : dir > 0 ? Math.max(b, e) : Math.min(b, e);
    } else if (ex != null && ex.asBoolean() && !Double.isNaN(b)) {
      b = integer ? b + dir : b + dir * Math.ulp(b); // draft 4's boolean form
    }
    return b;
  }

  private static List<String> types(JsonNode s, String where) {
    JsonNode t = s.get("type");
    if (t == null) {
      if (s.has("const") || s.has("enum")) {
        return List.of();
      }
      refuseIf(!s.has("properties"), where + ": the schema gives no type");
      return List.of("object");
    }
    return (t.isArray() ? t.valueStream() : Stream.of(t)).map(JsonNode::asText).toList();
  }
}
