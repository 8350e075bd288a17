package kafkaload.internal.broker;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The brokers' network without brokers: made, cut, throttled and removed, and what a killed run
 * left removed by the next. Needs root and network namespaces; skipped, naming why, without them.
 * Each takes well under a second.
 */
class BrokerNetworkTest {

  @BeforeEach
  void needsNamespaces() {
    String why = BrokerNetwork.unavailableReason();
    Assumptions.assumeTrue(
        why == null, () -> "skipped: network namespaces cannot be made here: " + why);
  }

  @Test
  void itsNamespacesBridgeVethsAndQueuesAreMadeUsedAndRemoved() {
    BrokerNetwork net = BrokerNetwork.create(2);
    try {
      assertTrue(ip("netns", "list").contains(net.namespace(2)));
      assertTrue(ip("-o", "link", "show", net.hostVeth(1)).contains("state UP"));
      assertTrue(
          ip("-n", net.namespace(2), "-o", "addr", "show")
              .contains("inet " + net.address(2) + "/24"));
      assertTrue(net.address(1).endsWith(".2") && net.hostAddress().endsWith(".1"));
      assertEquals(List.of(HostCommand.find("ip"), "netns", "exec", net.namespace(1)), net.exec(1));

      assertEquals("link " + net.hostVeth(1) + " down", net.cut(1));
      assertTrue(ip("-o", "link", "show", net.hostVeth(1)).contains("state DOWN"));
      net.restore(1);
      assertFalse(ip("-o", "link", "show", net.hostVeth(1)).contains("state DOWN"));

      assertTrue(net.throttle(2, "1mbit").startsWith("tbf rate 1mbit burst 16384"));
      assertTrue(ip("-d", "link", "show", net.hostVeth(2)).contains("qdisc tbf"));
      assertTrue(
          HostCommand.check(
                  List.of(HostCommand.find("tc"), "-n", net.namespace(2), "qdisc", "show"))
              .contains("tbf"));
      net.unthrottle(2);
      assertFalse(ip("-d", "link", "show", net.hostVeth(2)).contains("qdisc tbf"));

      net.cutClient(2);
      assertTrue(ip("neigh", "show", "dev", net.bridge()).contains("PERMANENT"));
      net.restoreClient(2);
      assertFalse(ip("neigh", "show", "dev", net.bridge()).contains("PERMANENT"));
    } finally {
      net.close();
    }
    String prefix = net.bridge().substring(0, net.bridge().length() - 1);
    assertFalse(ip("netns", "list").contains(prefix), ip("netns", "list"));
    assertFalse(ip("-o", "link", "show").contains(prefix), ip("-o", "link", "show"));
    net.close(); // twice is harmless
  }

  @Test
  void whatAKilledRunLeftIsRemovedAndALiveRunsIsKept() throws Exception {
    // Above the highest pid Linux gives (2^22): the pid of a JVM that was killed.
    long dead = 4_194_305 + ProcessHandle.current().pid() % 1000;
    String ns = "kl" + dead + "-1n1";
    String bridge = "kl" + dead + "-1b";
    String ip = HostCommand.find("ip");
    HostCommand.check(List.of(ip, "netns", "add", ns));
    HostCommand.check(List.of(ip, "link", "add", bridge, "type", "bridge"));
    // A live JVM's (this one's parent) is not touched.
    long live = ProcessHandle.current().parent().orElseThrow().pid();
    String kept = "kl" + live + "-1b";
    HostCommand.check(List.of(ip, "link", "add", kept, "type", "bridge"));
    try {
      assertTrue(BrokerNetwork.leftover(ns) && BrokerNetwork.leftover(bridge));
      assertFalse(BrokerNetwork.leftover(kept));
      assertFalse(BrokerNetwork.leftover("eth0"));
      BrokerNetwork.removeLeftovers();
      assertFalse(ip("netns", "list").contains(ns));
      assertFalse(ip("-o", "link", "show").contains(bridge));
      assertTrue(ip("-o", "link", "show").contains(kept));
    } finally {
      HostCommand.run(List.of(ip, "netns", "del", ns));
      HostCommand.run(List.of(ip, "link", "del", bridge));
      HostCommand.run(List.of(ip, "link", "del", kept));
    }
  }

  private static String ip(String... args) {
    List<String> cmd = new java.util.ArrayList<>(List.of(HostCommand.find("ip")));
    cmd.addAll(List.of(args));
    return HostCommand.run(cmd).output();
  }
}
