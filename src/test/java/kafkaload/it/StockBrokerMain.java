package kafkaload.it;

import java.io.IOException;
import java.util.Arrays;

/**
 * {@code StockBrokerMain <main class> <args...>}: runs a stock Kafka main class (kafka.Kafka) in
 * this JVM, its standard input the parent's lifeline: end of input halts it, so a stock broker
 * never outlives the test that started it. Nothing else of this project is loaded.
 */
public final class StockBrokerMain {
  private StockBrokerMain() {}

  public static void main(String[] args) throws Throwable {
    Thread lifeline =
        new Thread(
            () -> {
              try {
                while (System.in.read() >= 0) {
                  // the parent says nothing; it only holds the pipe open
                }
              } catch (IOException ignored) {
                // a broken pipe means the same as end of input
              }
              Runtime.getRuntime().halt(0);
            },
            "parent-lifeline");
    lifeline.setDaemon(true);
    lifeline.start();
    Class.forName(args[0])
        .getMethod("main", String[].class)
        .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
  }
}
