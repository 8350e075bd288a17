package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An injector's share of the plan, and what keeps injectors apart: sequence spaces, users, client
 * ids.
 */
class InjectorShareTest {
  @Test
  void sharesAddUpToThePlanWithTheRemainderOnTheFirstInjectors() {
    for (int n = 1; n <= 7; n++) {
      for (long total : new long[] {n, 10, 20_000, 99_999, 1_000_003}) {
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < n; i++) {
          long share = new InjectorShare(i, n, "r").share(total);
          sum += share;
          min = Math.min(min, share);
          max = Math.max(max, share);
        }
        assertEquals(total, sum, n + " injectors, " + total);
        assertTrue(max - min <= 1, "shares differ by at most one");
      }
    }
    assertEquals(334, new InjectorShare(0, 3, "r").share(1000));
    assertEquals(333, new InjectorShare(2, 3, "r").share(1000));
  }

  @Test
  void sequenceSpacesUsersAndClientIdsNeverMeet() {
    Set<Long> users = new HashSet<>();
    for (int i = 0; i < 4; i++) {
      InjectorShare s = new InjectorShare(i, 4, "r");
      assertEquals((long) i << InjectorShare.SEQUENCE_BITS, s.sequenceStart());
      for (long u = 0; u < 100; u++) {
        assertTrue(users.add(s.user(u)), "user " + u + " of injector " + i);
      }
      assertEquals("kafkaload-i" + i, s.clientIdPrefix());
    }
    assertEquals(0, InjectorShare.SINGLE.sequenceStart());
    assertEquals(42, InjectorShare.SINGLE.user(42));
    assertEquals("kafkaload", InjectorShare.SINGLE.clientIdPrefix());
  }

  @Test
  void anIndexOutsideTheCountIsRefused() {
    assertThrows(KafkaLoadConfigException.class, () -> new InjectorShare(3, 3, "r"));
    assertThrows(KafkaLoadConfigException.class, () -> new InjectorShare(-1, 3, "r"));
    assertThrows(KafkaLoadConfigException.class, () -> new InjectorShare(0, 0, "r"));
  }
}
