package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.soabase.recordbuilder.core.RecordBuilder;

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
    refuseIf(!isRandom(), where + ": a " + gen.describe() + " generator does not fit " + what);
  }
}
