package kafkaload.echo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.internal.config.Console;

/**
 * The echo service as its own process ({@link EchoService#main}): its arguments, the ready line a
 * parent waits for, and the life bound to the parent's standard input.
 */
final class EchoProcess {
  private EchoProcess() {}

  static void run(String[] args) throws Exception {
    Map<String, String> a = arguments(args);
    int consumers = Integer.parseInt(a.getOrDefault("consumers", "4"));
    KafkaProtocolBuilder protocol =
        new KafkaProtocolBuilder()
            .bootstrapServers(a.get("bootstrap"))
            .topic(a.get("request-topic"))
            .createTopic(Integer.parseInt(a.getOrDefault("partitions", "4")), 1);
    EchoService echo =
        a.containsKey("exactly-once")
            ? EchoService.startExactlyOnce(
                protocol,
                a.get("reply-topic"),
                a.get("group"),
                consumers,
                Long.parseLong(a.getOrDefault("transaction-ms", "100")))
            : EchoService.startFor(protocol, a.get("reply-topic"), a.get("group"), consumers, 0);
    Runtime.getRuntime().addShutdownHook(new Thread(echo::close));
    Console.out("kafkaload-echo ready");
    while (System.in.read() >= 0) {
      // the parent holds stdin open while it wants this process
    }
    echo.close();
  }

  /** {@code --name value} pairs and the {@code --exactly-once} flag; the required ones checked. */
  private static Map<String, String> arguments(String[] args) {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--exactly-once")) {
        a.put("exactly-once", "true");
      } else if (args[i].startsWith("--") && i + 1 < args.length) {
        a.put(args[i].substring(2), args[++i]);
      } else {
        throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    for (String required : List.of("bootstrap", "request-topic", "reply-topic", "group")) {
      if (!a.containsKey(required)) {
        throw new IllegalArgumentException("missing --" + required);
      }
    }
    return a;
  }
}
