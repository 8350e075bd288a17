package kafkaload.internal.semantic.traffic.generate;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kafkaload.internal.config.KafkaLoadConfigException;

/** The field rules of a spec as a generator walks the schema: each taken once, none left over. */
final class Rules {
  private final Map<String, FieldRule> rules;
  private final Set<String> seen = new LinkedHashSet<>();

  Rules(Map<String, FieldRule> rules) {
    this.rules = rules;
  }

  /** The rule of a field the walk reached (the default when none was set). */
  FieldRule take(String path) {
    seen.add(path);
    return rules.getOrDefault(path, FieldRule.DEFAULT);
  }

  /** Fails naming each rule whose path is no field of the schema. */
  void checkAllTaken() {
    List<String> unknown = rules.keySet().stream().filter(p -> !seen.contains(p)).toList();
    if (!unknown.isEmpty()) {
      throw new KafkaLoadConfigException(
          "unknown field path"
              + (unknown.size() > 1 ? "s '" : " '")
              + String.join("', '", unknown)
              + "': the schema's fields are "
              + String.join(", ", seen));
    }
  }
}
