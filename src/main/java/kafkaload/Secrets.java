package kafkaload;

/**
 * Secrets for the protocol's security helpers, taken from the environment, never from code or -D.
 */
public final class Secrets {
  private Secrets() {}

  /**
   * The environment variable {@code name}, for example {@code saslPlain("loadtest",
   * Secrets.env("KAFKA_SASL_PASSWORD"))}; unset or empty fails before any load, naming it.
   */
  public static String env(String name) {
    return kafkaload.internal.config.Secrets.env(name);
  }
}
