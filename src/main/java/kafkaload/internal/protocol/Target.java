package kafkaload.internal.protocol;

import kafkaload.internal.config.KafkaLoadConfigException;

/** Where a protocol connects: bootstrap servers, or (null) the embedded broker(s). */
public record Target(String bootstrapServers, int embeddedBrokers) {
  /** No bootstrap: the in-JVM embedded broker. */
  public static final Target EMBEDDED = new Target(null, 0);

  public Target withBootstrapServers(String servers) {
    return new Target(servers, embeddedBrokers);
  }

  /** N embedded brokers in child processes; refused below 1. */
  public Target withEmbeddedBrokers(int n) {
    if (n < 1) {
      throw new KafkaLoadConfigException("embeddedBrokers(" + n + "): must be >= 1");
    }
    return new Target(bootstrapServers, n);
  }

  /** With a bootstrap, the embedded broker count means nothing: 0. */
  public Target resolved() {
    return bootstrapServers == null ? this : new Target(bootstrapServers, 0);
  }
}
