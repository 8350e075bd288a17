package kafkaload.internal.check;

import io.burt.jmespath.jackson.JacksonRuntime;
import java.util.regex.Pattern;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Checks a check's expression when the simulation is built, so a malformed one is refused before
 * any load instead of failing every request (Gatling compiles them at the first check). An
 * expression holding Gatling EL is resolved per session, so it is left to Gatling.
 */
public final class CheckExpressions {
  private static final JacksonRuntime JMES = new JacksonRuntime();

  private CheckExpressions() {}

  public static String jsonPath(String path) {
    if (!isEl(path) && io.gatling.jsonpath.JsonPath$.MODULE$.compile(path).isLeft()) {
      throw new KafkaLoadConfigException(
          "jsonPath(\"" + path + "\") is not a valid JSONPath expression");
    }
    return path;
  }

  public static String jmesPath(String expression) {
    if (!isEl(expression)) {
      try {
        JMES.compile(expression);
      } catch (RuntimeException e) {
        throw new KafkaLoadConfigException(
            "jmesPath(\""
                + expression
                + "\") is not a valid JMESPath expression: "
                + e.getMessage());
      }
    }
    return expression;
  }

  public static String regex(String pattern) {
    if (!isEl(pattern)) {
      try {
        Pattern.compile(pattern);
      } catch (RuntimeException e) {
        throw new KafkaLoadConfigException(
            "regex(\"" + pattern + "\") is not a valid regular expression: " + e.getMessage());
      }
    }
    return pattern;
  }

  private static boolean isEl(String s) {
    if (s == null) {
      throw new KafkaLoadConfigException("a check's expression is null");
    }
    return s.contains("#{");
  }
}
