package kafkaload.galaxio.javaapi;

import java.nio.ByteBuffer;
import java.util.function.Function;
import kafkaload.galaxio.javaapi.checks.SimpleCheck;
import kafkaload.galaxio.javaapi.protocol.KafkaProtocolBuilderBase;
import kafkaload.galaxio.javaapi.request.builder.KafkaRequestBuilderBase;
import kafkaload.galaxio.javaapi.request.expressions.Builders.AvroExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.ByteArrayExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.ByteBufferExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.BytesExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.DoubleExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.FloatExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.IntegerExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.LongExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.ShortExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.Builders.StringExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.ExpressionBuilder;
import kafkaload.galaxio.javaapi.request.expressions.JExpression;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;

/**
 * galaxio's Java DSL ({@code org.galaxio.gatling.kafka.javaapi.KafkaDsl}, and the Tinkoff plugin's
 * {@code ru.tinkoff.gatling.kafka.javaapi.KafkaDsl}) over this project's: a simulation written for
 * it runs here once its imports' prefix becomes {@code kafkaload.galaxio}. See
 * docs/porting-galaxio.md for each method and what it maps to.
 */
public final class KafkaDsl {
  private KafkaDsl() {}

  /** A constant as an expression. */
  public static <T> JExpression<T> cf(T t) {
    return session -> t;
  }

  /** A String key or value, Gatling EL resolved on every record. */
  public static ExpressionBuilder<String> stringExp(JExpression<String> f) {
    return new StringExpressionBuilder(f);
  }

  public static ExpressionBuilder<String> stringExp(String v) {
    return stringExp(cf(v));
  }

  public static ExpressionBuilder<Float> floatExp(JExpression<Float> f) {
    return new FloatExpressionBuilder(f);
  }

  public static ExpressionBuilder<Float> floatExp(Float v) {
    return floatExp(cf(v));
  }

  public static ExpressionBuilder<Double> doubleExp(JExpression<Double> f) {
    return new DoubleExpressionBuilder(f);
  }

  public static ExpressionBuilder<Double> doubleExp(Double v) {
    return doubleExp(cf(v));
  }

  public static ExpressionBuilder<Short> shortExp(JExpression<Short> f) {
    return new ShortExpressionBuilder(f);
  }

  public static ExpressionBuilder<Short> shortExp(Short v) {
    return shortExp(cf(v));
  }

  public static ExpressionBuilder<Integer> integerExp(JExpression<Integer> f) {
    return new IntegerExpressionBuilder(f);
  }

  public static ExpressionBuilder<Integer> integerExp(Integer v) {
    return integerExp(cf(v));
  }

  public static ExpressionBuilder<Long> longExp(JExpression<Long> f) {
    return new LongExpressionBuilder(f);
  }

  public static ExpressionBuilder<Long> longExp(Long v) {
    return longExp(cf(v));
  }

  public static ExpressionBuilder<ByteBuffer> byteBufferExp(JExpression<ByteBuffer> f) {
    return new ByteBufferExpressionBuilder(f);
  }

  public static ExpressionBuilder<ByteBuffer> byteBufferExp(ByteBuffer v) {
    return byteBufferExp(cf(v));
  }

  public static ExpressionBuilder<byte[]> byteArrayExp(byte[] v) {
    return byteArrayExp(cf(v));
  }

  public static ExpressionBuilder<byte[]> byteArrayExp(JExpression<byte[]> f) {
    return new ByteArrayExpressionBuilder(f);
  }

  public static ExpressionBuilder<Bytes> bytesExp(JExpression<Bytes> f) {
    return new BytesExpressionBuilder(f);
  }

  public static ExpressionBuilder<Bytes> bytesExp(Bytes v) {
    return bytesExp(cf(v));
  }

  /**
   * galaxio's Avro through Confluent's {@code SchemaRegistryClient}: refused (Confluent's artifacts
   * are not served here), naming this project's {@code kafkaload.KafkaDsl.avro(..)}.
   */
  public static AvroExpressionBuilder avro(Object o, Object schemaRegistryClient) {
    return new AvroExpressionBuilder(cf(o), schemaRegistryClient);
  }

  /** As {@link #avro(Object, Object)}: refused. */
  public static AvroExpressionBuilder avro(JExpression<Object> s, Object schemaRegistryClient) {
    return new AvroExpressionBuilder(s, schemaRegistryClient);
  }

  /** A value written by this serializer (not Confluent's, refused as above). */
  public static AvroExpressionBuilder avro(
      JExpression<Object> s, Serializer<Object> ser, Deserializer<Object> deser) {
    return new AvroExpressionBuilder(s, ser, deser);
  }

  /** The protocol: {@code properties(..)}, or {@code producerSettings(..)...timeout(..)}. */
  public static KafkaProtocolBuilderBase kafka() {
    return new KafkaProtocolBuilderBase();
  }

  /** A named request: {@code topic(t).send(..)} or {@code requestReply()...send(..)}. */
  public static KafkaRequestBuilderBase kafka(String requestName) {
    return new KafkaRequestBuilderBase(requestName);
  }

  /** A check on the reply as a message: a KO unless {@code f} returns true. */
  public static io.gatling.javaapi.core.CheckBuilder simpleCheck(
      Function<KafkaProtocolMessage, Boolean> f) {
    return new SimpleCheck(f);
  }

  /**
   * galaxio's Avro body check through Confluent's serde: refused; decode replies through the
   * registry with this project's {@code .decoded()} and check them as JSON.
   */
  public static io.gatling.javaapi.core.CheckBuilder avroBody() {
    throw new KafkaLoadConfigException(
        "galaxio avroBody() decodes replies with Confluent's Avro serde, not served here: use this"
            + " project's kafka(name).send(..).replyOn(topic).decoded() and check the reply as JSON,"
            + " see docs/schemas.md");
  }
}
