package kafkaload.internal.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Confluent's wire format, byte for byte. */
class FramingTest {
  @Test
  void avroAndJsonAreMagicByteIdThenPayload() {
    assertArrayEquals(new byte[] {0, 0, 0, 1, 2, 9, 8}, Framing.frame(258, new byte[] {9, 8}));
    assertEquals(258, Framing.schemaId(new byte[] {0, 0, 0, 1, 2, 9, 8}));
  }

  @Test
  void protobufFirstMessageIsTheSingleZeroByte() {
    byte[] framed = Framing.frameProtobuf(7, List.of(0), new byte[] {42});
    assertArrayEquals(new byte[] {0, 0, 0, 0, 7, 0, 42}, framed);
    Framing.Framed f = Framing.read(framed, true);
    assertEquals(List.of(0), f.messageIndexes());
    assertEquals(6, f.payloadOffset());
  }

  @Test
  void protobufNestedPathIsZigZagLengthThenIndexes() {
    // [2, 1]: length 2 -> 4, then 2 -> 4, 1 -> 2 (zig-zag)
    byte[] framed = Framing.frameProtobuf(1, List.of(2, 1), new byte[] {5});
    assertArrayEquals(new byte[] {0, 0, 0, 0, 1, 4, 4, 2, 5}, framed);
    assertEquals(List.of(2, 1), Framing.read(framed, true).messageIndexes());
    assertEquals(
        List.of(70),
        Framing.read(Framing.frameProtobuf(1, List.of(70), new byte[0]), true).messageIndexes());
  }

  @Test
  void aValueNotInTheWireFormatIsRefusedSayingWhy() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Framing.schemaId("{\"a\":1}".getBytes()));
    assertEquals(
        "not in Confluent's wire format (magic byte 0 and a 4-byte schema id): first byte 123",
        e.getMessage());
  }

  @Test
  void aCutOrMalformedProtobufIndexPathIsRefusedSayingWhy() {
    // Length 2 (zig-zag 4), then one index and the end of the value.
    IllegalArgumentException cut =
        assertThrows(
            IllegalArgumentException.class,
            () -> Framing.read(new byte[] {0, 0, 0, 0, 9, 4, 2}, true));
    assertEquals(
        "the Protobuf message-index path is cut short: the value ends at 7 bytes (schema id 9)",
        cut.getMessage());
    IllegalArgumentException negative =
        assertThrows(
            IllegalArgumentException.class,
            () -> Framing.read(new byte[] {0, 0, 0, 0, 9, 1, 0}, true));
    assertEquals(
        "not a Protobuf message-index path: its length is -1 (schema id 9)", negative.getMessage());
    byte[] endless = {
      0, 0, 0, 0, 9, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1
    };
    assertEquals(
        "not a Protobuf message-index path: a varint longer than 5 bytes",
        assertThrows(IllegalArgumentException.class, () -> Framing.read(endless, true))
            .getMessage());
  }
}
