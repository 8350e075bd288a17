package kafkaload.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.function.Executable;

/** What the -D parameter tests share: clearing the properties a test set, and the one-line error a call must throw. */
final class PropertyTests {
  private PropertyTests() {}

  static void clear(Iterable<String> names) {
    names.forEach(System::clearProperty);
  }

  /** The one-line message of the KafkaLoadConfigException the call must throw. */
  static String error(Executable call) {
    return assertThrows(KafkaLoadConfigException.class, call).getMessage();
  }
}
