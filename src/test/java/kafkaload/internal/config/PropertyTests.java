package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import kafkaload.Params;
import org.junit.jupiter.api.function.Executable;

/**
 * What the parameter tests share: -D properties and environment variables set for one test, read
 * into a snapshot as a simulation would read them (no global state), and the one-line error a call
 * must throw.
 */
public final class PropertyTests {
  private final Map<String, String> properties = new HashMap<>();
  private final Map<String, String> environment = new HashMap<>();

  public void set(String name, String value) {
    properties.put(name, value);
  }

  public void clear(String name) {
    properties.remove(name);
  }

  public void env(String name, String value) {
    environment.put(name, value);
  }

  /** The snapshot a simulation built now would read. */
  public Params params() {
    return Params.of(properties, environment);
  }

  /** The one-line message of the KafkaLoadConfigException the call must throw. */
  public static String error(Executable call) {
    return assertThrows(KafkaLoadConfigException.class, call).getMessage();
  }
}
