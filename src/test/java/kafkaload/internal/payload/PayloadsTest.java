package kafkaload.internal.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.core.session.Session$;
import io.gatling.javaapi.core.Session;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys, payloads and bytes: round-robin keys, the random-letter pool, payload files and the byte
 * encodings.
 */
class PayloadsTest {
  private static final Session SESSION =
      new Session(Session$.MODULE$.apply("scn", 1L, null).set("orderId", "o-7"));

  private static String text(Object bytes) {
    return new String((byte[]) bytes, StandardCharsets.UTF_8);
  }

  @Test
  void roundRobinKeysCycleInOrder() {
    Function<Session, Object> keys = Keys.roundRobinKey(3);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 7; i++) {
      seen.append(text(keys.apply(SESSION))).append(' ');
    }
    assertEquals("key-0 key-1 key-2 key-0 key-1 key-2 key-0 ", seen.toString());
    assertEquals("key-0", text(Keys.roundRobinKey(1).apply(SESSION)));
    assertEquals(
        "roundRobinKey(0): n must be >= 1",
        assertThrows(KafkaLoadConfigException.class, () -> Keys.roundRobinKey(0)).getMessage());
  }

  @Test
  void noKeyIsNullAndARandomKeyIsALongAsText() {
    assertNull(Keys.noKey().apply(SESSION));
    Long.parseLong((String) Keys.randomKey().apply(SESSION));
  }

  @Test
  void randomBytesDrawsExactSizeLettersFromAPoolOf64() {
    Function<Session, Object> v = Payloads.randomBytes(16);
    byte[] first = (byte[]) v.apply(SESSION);
    assertEquals(16, first.length);
    for (byte b : first) {
      assertTrue(b >= 'A' && b <= 'Z', "not an upper-case letter: " + b);
    }
    byte[] second = (byte[]) v.apply(SESSION);
    assertNotSame(first, second);
    for (int i = 2; i < Payloads.POOL_SIZE; i++) {
      v.apply(SESSION);
    }
    assertSame(first, v.apply(SESSION), "the 65th value is the first array again");
    assertEquals(0, ((byte[]) Payloads.randomBytes(0).apply(SESSION)).length);
    assertEquals(
        "randomBytes(-1): the size must be >= 0",
        assertThrows(KafkaLoadConfigException.class, () -> Payloads.randomBytes(-1)).getMessage());
  }

  @Test
  void largeValuesGetASmallerPoolOfEveryLetter() {
    assertEquals(64, Payloads.poolSize(16));
    assertEquals(64, Payloads.poolSize(256 * 1024));
    assertEquals(8, Payloads.poolSize(2_000_000), "16 MiB / 2 MB, a power of two");
    assertEquals(2, Payloads.poolSize(64 << 20));
    Function<Session, Object> v = Payloads.randomBytes(2_000_000);
    byte[] first = (byte[]) v.apply(SESSION);
    for (int i = 1; i < 8; i++) {
      assertNotSame(first, v.apply(SESSION));
    }
    assertSame(first, v.apply(SESSION), "the 9th value is the first array again");
    int[] letters = new int[26];
    for (byte b : first) {
      letters[b - 'A']++;
    }
    for (int i = 0; i < 26; i++) {
      // 2,000,000 / 26 = 76,923 each on average
      assertTrue(letters[i] > 70_000 && letters[i] < 84_000, (char) ('A' + i) + ": " + letters[i]);
    }
  }

  @Test
  void thePoolIsTheSameForTheSameSize() {
    byte[][] a = Payloads.randomPool(8, 3);
    byte[][] b = Payloads.randomPool(8, 3);
    assertEquals(3, a.length);
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(a[i], b[i]);
    }
    assertTrue(!Arrays.equals(a[0], a[1]), "arrays of one pool differ");
  }

  @Test
  void fileBodyReadsTheDiskThenTheClasspath(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("body.bin");
    Files.write(f, new byte[] {0, 1, 2});
    assertArrayEquals(new byte[] {0, 1, 2}, Payloads.fileBody(f.toString()));
    assertEquals(
        "{\"sku\":\"A-100\",\"qty\":3,\"note\":\"sample payload for fileBody\"}",
        text(Payloads.fileBody("payloads/sample.json")).trim());
    assertEquals(
        "Payload file not found on disk or on the classpath: no/such.json",
        assertThrows(KafkaLoadConfigException.class, () -> Payloads.fileBody("no/such.json"))
            .getMessage());
  }

  @Test
  void templateBodyFillsElFromTheSession() {
    assertEquals(
        "{\"orderId\":\"o-7\",\"amount\":12.5,\"currency\":\"EUR\"}",
        ((String) Payloads.templateBody("payloads/order-template.json").apply(SESSION)).trim());
  }

  @Test
  void bytesOfEachKind() {
    byte[] raw = {9};
    assertSame(raw, Bytes.of(raw));
    assertNull(Bytes.of(null));
    assertArrayEquals(new byte[] {(byte) 0xC3, (byte) 0xA9}, Bytes.of("é"));
    ByteBuffer buf = ByteBuffer.wrap(new byte[] {1, 2, 3, 4});
    buf.position(1);
    assertArrayEquals(new byte[] {2, 3, 4}, Bytes.of(buf));
    assertEquals(1, buf.position(), "the buffer is not consumed");
    assertEquals("{\"n\":[1,2]}", text(Bytes.of(Map.of("n", List.of(1, 2)))));
    assertEquals("42", text(Bytes.of(42)));
    SessionValue.Unresolved e =
        assertThrows(SessionValue.Unresolved.class, () -> Bytes.of(new Object()));
    assertTrue(
        e.getMessage().startsWith("cannot write java.lang.Object as JSON: "), e.getMessage());
  }

  @Test
  void elBytesAreConstantWithoutElAndResolvedWithIt() {
    SessionValue<byte[]> constant = Bytes.el("plain");
    assertSame(constant.resolve(null), constant.resolve(null), "encoded once");
    assertEquals("id o-7", text(Bytes.el("id #{orderId}").resolve(SESSION.asScala())));
    assertNull(Bytes.el(null).resolve(null));
    assertEquals(
        "fn o-7",
        text(Bytes.function(s -> "fn " + s.getString("orderId")).resolve(SESSION.asScala())));
  }
}
