package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.OptionalLong;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.junit.jupiter.api.Test;

/**
 * A setting the cluster leaves out of DescribeConfigs, or shows without a value, is not judged:
 * preflight once read it as a NullPointerException.
 */
class PreflightShownTest {
  @Test
  void aSettingShownLeftOutOrHiddenIsItsNumberOrNothing() {
    Config c =
        new Config(
            List.of(
                new ConfigEntry("min.insync.replicas", "2"),
                new ConfigEntry("max.message.bytes", null),
                new ConfigEntry("transaction.state.log.min.isr", " 3 ")));
    assertEquals(OptionalLong.of(2), Preflight.shown(c, "min.insync.replicas"));
    assertEquals(OptionalLong.of(3), Preflight.shown(c, "transaction.state.log.min.isr"));
    assertEquals(OptionalLong.empty(), Preflight.shown(c, "max.message.bytes"));
    assertEquals(
        OptionalLong.empty(), Preflight.shown(c, "transaction.state.log.replication.factor"));
  }
}
