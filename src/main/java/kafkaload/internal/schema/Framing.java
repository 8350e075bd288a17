package kafkaload.internal.schema;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.utils.internals.ByteUtils;

/**
 * Confluent's wire format: magic byte 0, the schema id as 4 bytes big-endian, then the payload.
 * Protobuf puts the message-index path (which message of the .proto file) between id and payload,
 * as zig-zag varints: its length, then each index; the common path [0] is written as one 0x00 byte.
 */
public final class Framing {
  public static final byte MAGIC = 0;

  private Framing() {}

  /** A framed record: schema id, Protobuf message indexes (else empty), the payload's offset. */
  public record Framed(int schemaId, List<Integer> messageIndexes, int payloadOffset) {}

  public static byte[] frame(int schemaId, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length).put(MAGIC).putInt(schemaId).put(payload).array();
  }

  /** Protobuf: the message-index path after the id; [0] as the single byte 0 (an empty path). */
  public static byte[] frameProtobuf(int schemaId, List<Integer> indexes, byte[] payload) {
    List<Integer> path = indexes.equals(List.of(0)) ? List.of() : indexes;
    ByteBuffer b = ByteBuffer.allocate(5 + 5 * (path.size() + 1) + payload.length);
    ByteUtils.writeVarint(path.size(), b.put(MAGIC).putInt(schemaId));
    for (int i : path) {
      ByteUtils.writeVarint(i, b);
    }
    return Arrays.copyOf(b.put(payload).array(), b.position());
  }

  /** Reads the header of a framed value; {@code protobuf} also reads the message-index path. */
  public static Framed read(byte[] value, boolean protobuf) {
    if (value == null || value.length < 5 || value[0] != MAGIC) {
      throw new IllegalArgumentException(
          "not in Confluent's wire format (magic byte 0 and a 4-byte schema id): "
              + (value == null
                  ? "no value"
                  : value.length < 5 ? value.length + " bytes" : "first byte " + value[0]));
    }
    ByteBuffer b = ByteBuffer.wrap(value, 1, value.length - 1); // past the magic byte
    int id = b.getInt();
    if (!protobuf) {
      return new Framed(id, List.of(), 5);
    }
    List<Integer> indexes = new ArrayList<>();
    try {
      int n = unzigzag(b);
      if (n < 0) {
        throw new IllegalArgumentException(
            "not a Protobuf message-index path: its length is " + n + " (schema id " + id + ")");
      }
      if (n == 0) {
        indexes.add(0);
      }
      for (int i = 0; i < n; i++) {
        indexes.add(unzigzag(b));
      }
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException(
          "the Protobuf message-index path is cut short: the value ends at %d bytes (schema id %d)"
              .formatted(value.length, id));
    }
    return new Framed(id, List.copyOf(indexes), b.position());
  }

  /** The schema id of a framed value. */
  public static int schemaId(byte[] value) {
    return read(value, false).schemaId();
  }

  /** The schema id of a value in the wire format; null for any other value. */
  public static Integer schemaIdIfFramed(byte[] value) {
    return value != null && value.length >= 5 && value[0] == MAGIC ? schemaId(value) : null;
  }

  /** A zig-zag varint, as Kafka's own record format writes them (the same encoding). */
  private static int unzigzag(ByteBuffer b) {
    try {
      return ByteUtils.readVarint(b);
    } catch (IllegalArgumentException e) { // a fifth byte that says more follow
      throw new IllegalArgumentException(
          "not a Protobuf message-index path: a varint longer than 5 bytes");
    }
  }
}
