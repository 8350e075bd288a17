package kafkaload.echo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.schema.ProtobufSchema;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;

/**
 * The reply of the echo that speaks schemas ({@link EchoService#startWithSchemas}): the request
 * decoded through the protocol's registry, cut to the reply message's fields, {@code status} set to
 * "ACCEPTED" where the message has one, and written as the Protobuf reply.
 */
record SchemaReply(SchemaContext schemas, Function<Object, byte[]> writer, Set<String> fields)
    implements UnaryOperator<byte[]> {
  /** Loads the reply's schema now, so a bad file fails the start, not each request. */
  static SchemaReply of(
      KafkaProtocol protocol, String replyTopic, String replyProto, String replyMessage) {
    SchemaContext schemas = SchemaContext.of(protocol.schemaRegistry(), new LongAdder());
    RecordSchema reply = Schemas.load(SchemaFormat.PROTOBUF, replyProto, replyMessage);
    Function<Object, byte[]> writer = schemas.writer(reply, replyTopic, false);
    Set<String> fields = new HashSet<>();
    ((ProtobufSchema) reply).descriptor().getFields().forEach(f -> fields.add(f.getName()));
    return new SchemaReply(schemas, writer, fields);
  }

  @Override
  public byte[] apply(byte[] value) {
    ObjectNode in;
    try {
      in = (ObjectNode) RecordSchema.JSON.readTree(schemas.decode(value).json());
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
    in.retain(fields);
    if (fields.contains("status")) {
      in.put("status", "ACCEPTED");
    }
    return writer.apply(in);
  }
}
