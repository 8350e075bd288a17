package kafkaload.internal.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.burt.jmespath.Expression;
import io.burt.jmespath.jackson.JacksonRuntime;
import io.gatling.core.session.Session;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.DecodeSpec;
import kafkaload.internal.schema.Framing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * A check on a reply, like Gatling's HTTP checks: an extraction (bodyString, bodyBytes, jsonPath,
 * jmesPath, substring, regex, header, key), then "exists" or {@code is(expected)}, and {@code
 * saveAs(name)}. Immutable; failing or throwing makes a KO with the reason, never a stranded user.
 */
public final class RecordCheck {
  // JVM-wide: configured once, thread-safe, holding no run's data (JMESPath's runtime caches
  // nothing).
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JacksonRuntime JMES = new JacksonRuntime();

  private final String description;
  private final Function<ConsumerRecord<byte[], byte[]>, Optional<Object>> extractor;
  private final Object expected;

  /** {@code expected} compiled when it is Gatling EL, else null. */
  private final SessionValue<String> expectedEl;

  private final String saveAs;

  private RecordCheck(
      String description,
      Function<ConsumerRecord<byte[], byte[]>, Optional<Object>> extractor,
      Object expected,
      String saveAs) {
    this.description = description;
    this.extractor = extractor;
    this.expected = expected;
    // Compiled now, in the simulation's constructor: a malformed EL is refused before any load.
    this.expectedEl =
        expected instanceof String && ((String) expected).contains("#{")
            ? SessionValue.el((String) expected)
            : null;
    this.saveAs = saveAs;
  }

  /**
   * The extracted value must equal this (compared as text, Gatling EL resolved; byte[] by content).
   */
  public RecordCheck is(Object value) {
    return new RecordCheck(description, extractor, value, saveAs);
  }

  /** Saves the extracted value in the session under this name. */
  public RecordCheck saveAs(String name) {
    return new RecordCheck(description, extractor, expected, name);
  }

  /** The value as UTF-8 text. */
  public static RecordCheck bodyString() {
    return new RecordCheck(
        "bodyString", r -> Optional.ofNullable(r.value()).map(RecordCheck::utf8), null, null);
  }

  public static RecordCheck bodyBytes() {
    return new RecordCheck("bodyBytes", r -> Optional.ofNullable(r.value()), null, null);
  }

  /**
   * The first match of a JSONPath expression in the value (Gatling's own JSONPath implementation).
   */
  public static RecordCheck jsonPath(String path) {
    if (io.gatling.jsonpath.JsonPath$.MODULE$.compile(path).isLeft()) {
      throw new KafkaLoadConfigException(
          "jsonPath(\"" + path + "\") is not a valid JSONPath expression");
    }
    return new RecordCheck(
        "jsonPath(" + path + ")",
        r -> {
          var result = io.gatling.jsonpath.JsonPath$.MODULE$.query(path, tree(r));
          if (result.isLeft()) {
            throw new IllegalArgumentException(result.left().get().toString());
          }
          var it = result.toOption().get();
          return it.hasNext() ? Optional.of(text(it.next())) : Optional.empty();
        },
        null,
        null);
  }

  /** A JMESPath expression evaluated on the value. */
  public static RecordCheck jmesPath(String expression) {
    Expression<JsonNode> compiled;
    try {
      compiled = JMES.compile(expression);
    } catch (RuntimeException e) {
      throw new KafkaLoadConfigException(
          "jmesPath(\"" + expression + "\") is not a valid JMESPath expression: " + e.getMessage());
    }
    return new RecordCheck(
        "jmesPath(" + expression + ")",
        r -> {
          JsonNode n = compiled.search(tree(r));
          return n == null || n.isNull() || n.isMissingNode()
              ? Optional.empty()
              : Optional.of(text(n));
        },
        null,
        null);
  }

  /** Whether the value contains this text; extracts the index of its first occurrence. */
  public static RecordCheck substring(String text) {
    return new RecordCheck(
        "substring(" + text + ")",
        r -> {
          int i = r.value() == null ? -1 : utf8(r.value()).indexOf(text);
          return i < 0 ? Optional.empty() : Optional.of(i);
        },
        null,
        null);
  }

  /** A regex's first match in the value: its first group if it has one, else the whole match. */
  public static RecordCheck regex(String regex) {
    Pattern p;
    try {
      p = Pattern.compile(regex);
    } catch (RuntimeException e) {
      throw new KafkaLoadConfigException(
          "regex(\"" + regex + "\") is not a valid regular expression: " + e.getMessage());
    }
    return new RecordCheck(
        "regex(" + regex + ")",
        r -> {
          if (r.value() == null) {
            return Optional.empty();
          }
          Matcher m = p.matcher(utf8(r.value()));
          return m.find()
              ? Optional.of(m.groupCount() > 0 ? m.group(1) : m.group())
              : Optional.empty();
        },
        null,
        null);
  }

  public static RecordCheck header(String name) {
    return new RecordCheck(
        "header(" + name + ")",
        r -> {
          Header h = r.headers().lastHeader(name);
          return h == null || h.value() == null ? Optional.empty() : Optional.of(utf8(h.value()));
        },
        null,
        null);
  }

  /** The schema id: the decoded record's, or read from the raw value's Confluent framing. */
  public static RecordCheck schemaId() {
    return new RecordCheck(
        "schemaId",
        r -> {
          Header h = r.headers().lastHeader(DecodeSpec.SCHEMA_ID_HEADER);
          if (h != null) {
            return Optional.of(utf8(h.value()));
          }
          byte[] v = r.value();
          return v != null && v.length >= 5 && v[0] == Framing.MAGIC
              ? Optional.of(String.valueOf(Framing.schemaId(v)))
              : Optional.empty();
        },
        null,
        null);
  }

  /**
   * The registry subject(s) of the decoded record's schema (only a decoded record carries them).
   */
  public static RecordCheck schemaSubject() {
    return new RecordCheck(
        "schemaSubject",
        r -> {
          Header h = r.headers().lastHeader(DecodeSpec.SUBJECT_HEADER);
          if (h == null) {
            throw new IllegalArgumentException(
                "the reply was not decoded: add .decoded() to know its subject");
          }
          return Optional.of(utf8(h.value()));
        },
        null,
        null);
  }

  public static RecordCheck key() {
    return new RecordCheck(
        "key", r -> Optional.ofNullable(r.key()).map(RecordCheck::utf8), null, null);
  }

  /** Applies the check: the failure reason, or null when passed (then saves into the holder). */
  public String apply(
      ConsumerRecord<byte[], byte[]> reply, Session session, Map<String, Object> saves) {
    Optional<Object> value;
    try {
      value = extractor.apply(reply);
    } catch (Exception e) { // also the checked exceptions Scala code throws undeclared
      return description + " failed: " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    if (value.isEmpty()) {
      return description + ": found nothing";
    }
    Object v = value.get();
    Object want = expected;
    if (expectedEl != null) {
      try {
        want = expectedEl.resolve(session);
      } catch (Exception e) {
        return String.format(
            "%s: the expected value %s cannot be resolved: %s",
            description, expected, e.getMessage());
      }
    }
    if (want != null && !same(v, want)) {
      return description + ": found " + show(v) + ", expected " + show(want);
    }
    if (saveAs != null) {
      saves.put(saveAs, v);
    }
    return null;
  }

  private static boolean same(Object actual, Object expected) {
    if (actual instanceof byte[] || expected instanceof byte[]) {
      return actual instanceof byte[]
          && expected instanceof byte[]
          && Arrays.equals((byte[]) actual, (byte[]) expected);
    }
    return String.valueOf(actual).equals(String.valueOf(expected));
  }

  private static String show(Object v) {
    return v instanceof byte[] ? ((byte[]) v).length + " bytes" : "'" + v + "'";
  }

  private static JsonNode tree(ConsumerRecord<byte[], byte[]> r) {
    try {
      return JSON.readTree(r.value());
    } catch (IOException e) {
      throw new IllegalArgumentException("the reply is not JSON: " + e.getMessage(), e);
    }
  }

  private static Object text(JsonNode n) {
    return n.isValueNode() ? n.asText() : n.toString();
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
