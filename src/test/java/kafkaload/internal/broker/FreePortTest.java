package kafkaload.internal.broker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The embedded broker's ports: free, and outside the range the kernel gives clients' outgoing
 * connections.
 */
class FreePortTest {
  @Test
  void aFreePortIsBindableAndBelowTheEphemeralRange() throws Exception {
    int low =
        Integer.parseInt(
            Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .get(0)
                .trim()
                .split("\\s+")[0]);
    for (int i = 0; i < 20; i++) {
      int port = EmbeddedKafka.freePort();
      assertTrue(
          port >= 10_000 && port < low, port + " is not below the ephemeral range from " + low);
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress("127.0.0.1", port));
      }
    }
  }

  /**
   * A cluster picks six ports one after another, each probe freed at once: a port handed out twice
   * failed a node's start. A thousand picks among 21,768 ports would repeat about 23 times.
   */
  @Test
  void noPortIsHandedOutTwice() throws Exception {
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      int port = EmbeddedKafka.freePort();
      assertTrue(seen.add(port), port + " handed out twice");
    }
  }
}
