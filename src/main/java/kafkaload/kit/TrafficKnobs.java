package kafkaload.kit;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;
import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import io.gatling.javaapi.core.Session;
import java.util.function.Function;
import kafkaload.Generated;
import kafkaload.KafkaDsl;
import kafkaload.Params;
import kafkaload.SchemaValue;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Payloads;
import kafkaload.internal.semantic.traffic.KeyDistribution;
import kafkaload.internal.semantic.traffic.SizeDistribution;
import kafkaload.internal.semantic.traffic.Values;

/**
 * The traffic knobs of the shipped simulations (docs/traffic.md), read and checked: the key
 * distribution's parameters for -Dkey=uniform, zipf or hot, the sizes (-DrecordSize.dist) and the
 * compressibility (-Dvalue.compressibility) of the values.
 *
 * @param zipfExponent -Dkey.zipfExponent (key=zipf; default 1.0)
 * @param hotPct -Dkey.hotPct: the hot keys' share of the records in % (key=hot; default 80)
 * @param hotKeys -Dkey.hotKeys: how many keys are hot (key=hot; default 10)
 * @param sizes the value sizes: -DrecordSize.dist, else fixed at -DrecordSize
 * @param compressibility -Dvalue.compressibility, the share of a value that is repeated text (0 to
 *     below 1); null when unset (random letters)
 */
record TrafficKnobs(
    double zipfExponent,
    double hotPct,
    int hotKeys,
    SizeDistribution sizes,
    Double compressibility) {

  /** Reads the knobs {@code key} and the values need; a bad one is a configuration error. */
  static TrafficKnobs read(Params params, String key, int recordSize) {
    double s = key.equals("zipf") ? params.positiveDouble("key.zipfExponent", 1.0) : 1.0;
    double hotPct = key.equals("hot") ? params.percent("key.hotPct", 80) : 80;
    int hotKeys = key.equals("hot") ? params.positiveInt("key.hotKeys", 10) : 10;
    String dist = params.raw("recordSize.dist");
    SizeDistribution sizes =
        dist == null || dist.equalsIgnoreCase("fixed")
            ? SizeDistribution.fixed(recordSize)
            : SizeDistribution.parse(dist);
    String knob = "value.compressibility";
    Double compressibility = params.raw(knob) == null ? null : params.nonNegativeDouble(knob, 0);
    refuseIf(
        compressibility != null && compressibility >= 1,
        "-Dvalue.compressibility=" + compressibility + ": a share, 0 to below 1 (0.6: 60 %)");
    return new TrafficKnobs(s, hotPct, hotKeys, sizes, compressibility);
  }

  /** The keys of -Dkey=uniform, zipf or hot over {@code keyCount} keys. */
  Function<Session, Object> keys(String key, int keyCount) {
    return switch (key) {
      case "uniform" -> KeyDistribution.uniform(keyCount);
      case "zipf" -> KeyDistribution.zipf(keyCount, zipfExponent);
      case "hot" -> KeyDistribution.hot(hotPct, hotKeys, keyCount);
      default -> throw new IllegalArgumentException("not a traffic key distribution: " + key);
    };
  }

  /** The values: fixed-size random letters as before unless sizes or compressibility are set. */
  Function<Session, Object> values(int recordSize) {
    return sizes.isFixed() && sizes.max() == recordSize && compressibility == null
        ? Payloads.randomBytes(recordSize)
        : Values.of(sizes, compressibility);
  }

  /**
   * Values generated from -Dvalue.schema (.avsc Avro, .proto Protobuf with -Dvalue.schema.message,
   * .json JSON Schema), seeded by -Dvalue.seed (default 0), fields as -Dvalue.fields says; null
   * when -Dvalue.schema is unset. A bad knob is an error naming it.
   */
  static SchemaValue schemaValue(Params params) {
    String path = params.raw("value.schema");
    String fields = params.raw("value.fields");
    String seedText = params.raw("value.seed");
    String message = params.raw("value.schema.message");
    if (path == null) {
      refuseIf(
          fields != null || seedText != null || message != null,
          "-Dvalue.fields, -Dvalue.seed and -Dvalue.schema.message need -Dvalue.schema, the schema"
              + " the values are generated from");
      return null;
    }
    long seed;
    try {
      seed = seedText == null ? 0 : Long.parseLong(seedText);
    } catch (NumberFormatException e) {
      throw new KafkaLoadConfigException("-Dvalue.seed=" + seedText + ": not a whole number");
    }
    Generated records = KafkaDsl.generated().from("-Dvalue.fields").seed(seed);
    records = fields == null ? records : records.fields(fields);
    // The extension, from the last dot on (no dot: the whole path, which no case matches).
    return switch (path.substring(Math.max(0, path.lastIndexOf('.')))) {
      case ".avsc" -> KafkaDsl.avro(path, records);
      case ".proto" -> KafkaDsl.protobuf(path, message, records);
      case ".json" -> KafkaDsl.jsonSchema(path, records);
      default ->
          throw refused(
              "-Dvalue.schema=%s: the format is read from the extension: .avsc (Avro), .proto"
                  + " (Protobuf) or .json (JSON Schema)",
              path);
    };
  }
}
