package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;

/**
 * The field rules of a spec as a generator walks the schema: each taken once, none left over.
 *
 * @param rules the spec's rules by field path
 * @param seen the paths the walk reached, in its order
 */
record Rules(Map<String, FieldRule> rules, Set<String> seen) {
  /** The rule of a field the walk reached (the default when none was set). */
  FieldRule take(String path) {
    seen.add(path);
    return rules.getOrDefault(path, FieldRule.DEFAULT);
  }

  /**
   * The draws of the branches a value may take: each that fits, or only the first that fits when
   * the rule is a generator of the user's; when none fits, the first branch's failure.
   */
  static <B> List<Draw> branches(List<B> options, FieldRule rule, Function<B, Draw> draw) {
    List<Draw> out = new ArrayList<>();
    KafkaLoadConfigException first = null;
    for (B b : options) {
      try {
        out.add(draw.apply(b));
      } catch (KafkaLoadConfigException e) {
        first = first == null ? e : first;
      }
      if (!rule.isRandom() && !out.isEmpty()) {
        break;
      }
    }
    if (out.isEmpty() && first != null) {
      throw first;
    }
    return out;
  }

  /** Fails naming each rule whose path is no field of the schema. */
  void checkAllTaken() {
    List<String> unknown = rules.keySet().stream().filter(p -> !seen.contains(p)).toList();
    refuseIf(
        !unknown.isEmpty(),
        "unknown field path"
            + (unknown.size() > 1 ? "s '" : " '")
            + String.join("', '", unknown)
            + "': the schema's fields are "
            + String.join(", ", seen));
  }
}
