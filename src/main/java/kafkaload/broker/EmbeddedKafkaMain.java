package kafkaload.broker;

import java.io.IOException;

/**
 * Runs the embedded broker as its own process, for benchmarks that must not share a JVM with the load tool.
 * Prints "BOOTSTRAP=host:port" once ready and stops when its standard input closes, so it dies with its parent.
 */
public final class EmbeddedKafkaMain {
  private EmbeddedKafkaMain() {}

  public static void main(String[] args) throws IOException {
    try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
      System.out.println("BOOTSTRAP=" + kafka.bootstrapServers());
      System.out.flush();
      while (System.in.read() >= 0) {
        // stdin stays open while the parent lives
      }
    }
    System.exit(0);
  }
}
