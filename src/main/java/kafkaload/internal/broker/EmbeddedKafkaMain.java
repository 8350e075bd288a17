package kafkaload.internal.broker;

import java.io.IOException;
import java.util.Properties;
import kafkaload.internal.config.Console;

/**
 * The embedded broker as its own process, for benchmarks that must not share the load tool's JVM;
 * {@code --brokers N}: an {@link EmbeddedCluster}. Prints "BOOTSTRAP=host:port[,...]" when ready (a
 * single broker first "LOG_DIRS=dir") and stops when standard input closes. {@code --set key=value}
 * (single broker) layers a broker setting, by Kafka's name, over the defaults.
 */
public final class EmbeddedKafkaMain {
  private EmbeddedKafkaMain() {}

  public static void main(String[] args) throws IOException {
    int brokers = 0;
    Properties overrides = new Properties();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--brokers") && i + 1 < args.length) {
        brokers = parseBrokers(args[++i]);
      } else if (args[i].equals("--set") && i + 1 < args.length) {
        String setting = args[++i];
        int eq = setting.indexOf('=');
        if (eq <= 0) {
          usage("--set " + setting + " is not key=value");
        }
        overrides.setProperty(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
      } else {
        usage("unknown argument '" + args[i] + "'");
      }
    }
    if (brokers > 0 && !overrides.isEmpty()) {
      usage("--set applies to the single broker, not to --brokers " + brokers);
    }
    try (AutoCloseable kafka =
        brokers > 0 ? EmbeddedCluster.start(brokers, false) : EmbeddedKafka.start(overrides)) {
      if (kafka instanceof EmbeddedKafka k) {
        Console.out("LOG_DIRS=" + k.dataDir());
        Console.out("BOOTSTRAP=" + k.bootstrapServers());
      } else {
        Console.out("BOOTSTRAP=" + ((EmbeddedCluster) kafka).bootstrapServers());
      }
      while (System.in.read() >= 0) {
        // stdin stays open while the parent lives
      }
    } catch (Exception e) {
      Console.err("ERROR: " + e.getMessage());
      System.exit(1);
    }
    System.exit(0);
  }

  private static void usage(String problem) {
    System.err.println(
        "usage: EmbeddedKafkaMain [--brokers N] [--set key=value ...]   (" + problem + ")");
    System.exit(2);
  }

  private static int parseBrokers(String value) {
    try {
      int n = Integer.parseInt(value);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println("ERROR: --brokers " + value + " must be a whole number >= 1");
    System.exit(2);
    return 0;
  }
}
