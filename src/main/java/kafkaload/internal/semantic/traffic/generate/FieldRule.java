package kafkaload.internal.semantic.traffic.generate;

import io.soabase.recordbuilder.core.RecordBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * A field's generator and its null probability (-1: never null unless the schema's random values
 * pick null).
 */
@RecordBuilder
public record FieldRule(FieldGen gen, double nullProbability) implements FieldRuleBuilder.With {
  static final FieldRule DEFAULT = new FieldRule(new FieldGen.Random(), -1);

  boolean hasNullProbability() {
    return nullProbability >= 0;
  }

  boolean isRandom() {
    return gen instanceof FieldGen.Random;
  }

  /** A record, array, map, const ... takes no generator: any but random throws, naming it. */
  void requireRandom(String where, String what) {
    if (!isRandom()) {
      throw new KafkaLoadConfigException(
          where + ": a " + gen.describe() + " generator does not fit " + what);
    }
  }
}
