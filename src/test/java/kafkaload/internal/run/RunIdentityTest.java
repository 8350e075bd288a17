package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RunIdentityTest {
  @Test
  void userSequenceRoundTripsAndRejectsGarbage() {
    for (long[] c :
        new long[][] {
          {0, 0}, {1, 9}, {10, 100}, {123456789L, 987654321012L}, {Long.MAX_VALUE, 7}
        }) {
      byte[] b = RunIdentity.userSequence(c[0], c[1]);
      assertEquals(c[0] + "-" + c[1], new String(b, StandardCharsets.US_ASCII));
      assertArrayEquals(c, RunIdentity.parse(b));
    }
    for (String bad : new String[] {"", "12", "-1", "1-", "a-1", "1-2-3", "1--2"}) {
      assertNull(RunIdentity.parse(bad.getBytes(StandardCharsets.US_ASCII)), bad);
    }
    assertNull(RunIdentity.parse(null));
  }
}
