package kafkaload.galaxio.javaapi.request.expressions;

import java.nio.ByteBuffer;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;

/** galaxio's typed expression builders: each pairs a class with Kafka's built-in serde for it. */
public class Builders {
  public Builders() {}

  /** What this port says of Confluent's Avro: those artifacts are not served here. */
  public static final String CONFLUENT_AVRO_REFUSED =
      "galaxio's avro(..) with Confluent's SchemaRegistryClient or KafkaAvroSerializer is not"
          + " supported (Confluent's artifacts are not served here): write the value with this"
          + " project's kafkaload.KafkaDsl.avro(\"schemas/x.avsc\", json) and"
          + " kafka().schemaRegistry(url), see docs/schemas.md";

  public static final class FloatExpressionBuilder extends ExpressionBuilder<Float> {
    public FloatExpressionBuilder(JExpression<Float> f) {
      super(f, Float.class, Serdes.Float());
    }
  }

  public static final class DoubleExpressionBuilder extends ExpressionBuilder<Double> {
    public DoubleExpressionBuilder(JExpression<Double> f) {
      super(f, Double.class, Serdes.Double());
    }
  }

  public static final class ShortExpressionBuilder extends ExpressionBuilder<Short> {
    public ShortExpressionBuilder(JExpression<Short> f) {
      super(f, Short.class, Serdes.Short());
    }
  }

  public static final class IntegerExpressionBuilder extends ExpressionBuilder<Integer> {
    public IntegerExpressionBuilder(JExpression<Integer> f) {
      super(f, Integer.class, Serdes.Integer());
    }
  }

  public static final class LongExpressionBuilder extends ExpressionBuilder<Long> {
    public LongExpressionBuilder(JExpression<Long> f) {
      super(f, Long.class, Serdes.Long());
    }
  }

  public static final class ByteArrayExpressionBuilder extends ExpressionBuilder<byte[]> {
    public ByteArrayExpressionBuilder(JExpression<byte[]> f) {
      super(f, byte[].class, Serdes.ByteArray());
    }
  }

  public static final class ByteBufferExpressionBuilder extends ExpressionBuilder<ByteBuffer> {
    public ByteBufferExpressionBuilder(JExpression<ByteBuffer> f) {
      super(f, ByteBuffer.class, Serdes.ByteBuffer());
    }
  }

  public static final class BytesExpressionBuilder extends ExpressionBuilder<Bytes> {
    public BytesExpressionBuilder(JExpression<Bytes> f) {
      super(f, Bytes.class, Serdes.Bytes());
    }
  }

  /** A String, resolved as Gatling EL on every record, as galaxio does. */
  public static final class StringExpressionBuilder extends ExpressionBuilder<String> {
    public StringExpressionBuilder(JExpression<String> f) {
      super(f, String.class, Serdes.String());
    }
  }

  /**
   * A value written by the serializer given. Confluent's SchemaRegistryClient form is refused: use
   * this project's {@code avro(..)}.
   */
  public static final class AvroExpressionBuilder extends ExpressionBuilder<Object> {
    /**
     * galaxio's form with Confluent's {@code SchemaRegistryClient}: refused, naming this project's
     * {@code avro(..)}.
     */
    public AvroExpressionBuilder(JExpression<Object> valueF, Object schemaRegistryClient) {
      super(valueF, Object.class, refused());
    }

    public AvroExpressionBuilder(
        JExpression<Object> valueF, Serializer<Object> ser, Deserializer<Object> deser) {
      super(valueF, Object.class, Serdes.serdeFrom(notConfluent(ser), deser));
    }

    private static <T> T refused() {
      throw new KafkaLoadConfigException(CONFLUENT_AVRO_REFUSED);
    }

    private static Serializer<Object> notConfluent(Serializer<Object> ser) {
      if (ser != null && ser.getClass().getName().startsWith("io.confluent.")) {
        refused();
      }
      return ser;
    }
  }
}
