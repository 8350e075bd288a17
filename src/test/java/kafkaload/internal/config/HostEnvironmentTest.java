package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HostEnvironmentTest {
  private static final String NAME = "KAFKALOAD_HOST_ENVIRONMENT_TEST_SECRET";

  @AfterEach
  void processOnly() {
    HostEnvironment.processOnly();
  }

  @Test
  void aHostsVariablesAreReadOverTheProcessesUntilItsRunIsOver() {
    assertNull(System.getenv(NAME), "the process does not set it");
    assertThrows(KafkaLoadConfigException.class, () -> Secrets.env(NAME));

    HostEnvironment.hostedWith(Map.of(NAME, "s3cret", "PATH", "/hosted"));
    assertEquals("s3cret", Secrets.env(NAME));
    assertEquals("/hosted", HostEnvironment.get("PATH"), "the host's value wins");
    assertEquals("s3cret", HostEnvironment.all().get(NAME));
    assertEquals(System.getenv().size() + 1, HostEnvironment.all().size());

    HostEnvironment.processOnly();
    assertThrows(KafkaLoadConfigException.class, () -> Secrets.env(NAME));
    assertEquals(System.getenv("PATH"), HostEnvironment.get("PATH"));
    assertEquals(System.getenv(), HostEnvironment.all());
  }
}
