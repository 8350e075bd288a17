package kafkaload.internal.semantic.traffic.generate;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.LinkedHashSet;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.AvroSchema;
import kafkaload.internal.schema.ContentGenerator;
import kafkaload.internal.schema.ProtobufSchema;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.semantic.traffic.generate.Scalar.Draw;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Records of one schema as the spec asks: record n depends only on (seed, n), so a run is the same
 * whatever its threads; in the format's own form (GenericRecord, DynamicMessage, a Jackson tree),
 * so nothing goes through JSON text. Thread-safe.
 */
public record RecordGenerator(RecordSchema schema, long seed, Draw root) {
  /** The records checked against the schema before the load. */
  static final int SAMPLE = 100;

  /**
   * The generator of this schema and spec, its first records checked; a field it cannot make valid
   * is a configuration error naming the field.
   */
  public static RecordGenerator of(RecordSchema schema, GenSpec spec) {
    try {
      Rules rules = new Rules(spec.fields(), new LinkedHashSet<>());
      Draw root =
          schema instanceof AvroSchema a
              ? AvroGenerator.of(a.schema(), rules)
              : schema instanceof ProtobufSchema p
                  ? ProtobufGenerator.of(p.descriptor(), rules)
                  : JsonSchemaGenerator.of(RecordSchema.JSON.readTree(schema.text()), rules);
      rules.checkAllTaken();
      RecordGenerator g = new RecordGenerator(schema, spec.seed(), root);
      g.checkSample();
      return g;
    } catch (KafkaLoadConfigException e) {
      throw new KafkaLoadConfigException(spec.source() + ": " + e.getMessage());
    } catch (JsonProcessingException e) {
      throw new KafkaLoadConfigException(spec.source() + ": the JSON Schema is not JSON: " + e);
    }
  }

  /** What {@code avro(.., generated())} and the others bind: a generator of the schema given. */
  public static ContentGenerator binder(GenSpec spec) {
    return (schema, injector) -> of(schema, spec).content(injector.count(), injector.index());
  }

  /** Record n: a SplittableRandom of (seed, n) draws every field. */
  public Object record(long n) {
    return root.draw(new SplittableRandom(seed ^ (n * 0x9E3779B97F4A7C15L)), n);
  }

  /**
   * Records offset, offset + stride, ... one per send, whichever thread sends: injector i of n's
   * share of 0, 1, 2, ...
   */
  SessionValue<Object> content(int stride, int offset) {
    AtomicLong next = new AtomicLong();
    return session -> record(next.getAndIncrement() * stride + offset);
  }

  private void checkSample() {
    for (long n = 0; n < SAMPLE; n++) {
      Object rec = record(n);
      if (rec instanceof GenericRecord g) {
        checkAvro(g, n);
      }
      byte[] bytes;
      try {
        bytes = schema.encode(rec);
        if (rec instanceof DynamicMessage m
            && !DynamicMessage.parseFrom(m.getDescriptorForType(), bytes).equals(m)) {
          throw new KafkaLoadConfigException(invalid(n) + "it does not read back the same: " + m);
        }
      } catch (RecordSchema.Mismatch | InvalidProtocolBufferException e) {
        throw new KafkaLoadConfigException(invalid(n) + e.getMessage());
      }
      if (!(rec instanceof DynamicMessage)) {
        schema.toJson(bytes, 0); // reads back, or throws saying why
      }
    }
  }

  /** Names the first field of an Avro record Avro finds invalid. */
  private static void checkAvro(GenericRecord g, long n) {
    if (GenericData.get().validate(g.getSchema(), g)) {
      return;
    }
    for (Schema.Field f : g.getSchema().getFields()) {
      refuseIf(
          !GenericData.get().validate(f.schema(), g.get(f.pos())),
          invalid(n) + "field '" + f.name() + "' is " + g.get(f.pos()) + ", not " + f.schema());
    }
    throw new KafkaLoadConfigException(invalid(n) + g);
  }

  private static String invalid(long n) {
    return "generated record " + n + " is not valid: ";
  }
}
