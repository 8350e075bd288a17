package kafkaload.internal.broker;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The network of a cluster whose brokers can be cut off or throttled: a network namespace per
 * broker, each joined by a veth pair to a bridge the run creates on a private /24 (the bridge .1,
 * broker N .(N+1)). Cutting a broker sets its host-side veth down (peers, controllers and clients
 * lose it); throttling puts a token bucket (tc tbf) on both ends. Needs root and iproute2.
 *
 * <p>Every name starts with {@code kl<pid>-<seq>}: this JVM's pid, so the next run removes what a
 * killed one left ({@link #removeLeftovers}); {@link #close} removes what this one made.
 */
final class BrokerNetwork implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerNetwork.class);
  private static final AtomicInteger SEQ = new AtomicInteger();
  private static final Pattern NAME = Pattern.compile("kl(\\d+)-(\\d+)(b|h\\d+|n\\d+)");

  /** Where a client-side cut sends the injector's packets for a broker: no one has this MAC. */
  private static final String NOWHERE_MAC = "02:00:00:00:00:01";

  private static final String IP = HostCommand.find("ip");
  private static final String TC = HostCommand.find("tc");
  private final String run;
  private final String subnet;
  private final int size;
  private boolean closed;

  private BrokerNetwork(int size, String subnet) {
    this.size = size;
    this.subnet = subnet;
    this.run = "kl" + ProcessHandle.current().pid() + "-" + (1 + SEQ.getAndIncrement() % 99);
  }

  /** Makes the bridge and one namespace per broker; on failure removes what it made, and fails. */
  static BrokerNetwork create(int size) {
    String why = unavailableReason();
    if (why != null) {
      throw new IllegalStateException("Cannot make network namespaces: " + why);
    }
    if (size > 99) {
      throw new IllegalStateException("network namespaces for at most 99 brokers, not " + size);
    }
    removeLeftovers();
    BrokerNetwork net = new BrokerNetwork(size, freeSubnet());
    try {
      net.make();
    } catch (RuntimeException e) {
      net.close();
      throw e;
    }
    LOG.info(
        "Embedded brokers in network namespaces {}..{}, bridge {} on {}0/24",
        net.namespace(1),
        net.namespace(size),
        net.bridge(),
        net.subnet);
    return net;
  }

  private void make() {
    ip("link", "add", bridge(), "type", "bridge");
    ip("addr", "add", hostAddress() + "/24", "dev", bridge());
    ip("link", "set", bridge(), "up");
    for (int n = 1; n <= size; n++) {
      String ns = namespace(n);
      ip("netns", "add", ns);
      ip("link", "add", hostVeth(n), "type", "veth", "peer", "name", ns, "netns", ns);
      ip("link", "set", hostVeth(n), "master", bridge());
      ip("link", "set", hostVeth(n), "up");
      ip("-n", ns, "addr", "add", address(n) + "/24", "dev", ns);
      ip("-n", ns, "link", "set", ns, "up");
      ip("-n", ns, "link", "set", "lo", "up");
    }
  }

  /** Runs ip with these arguments, or fails naming the command and its output. */
  private static void ip(String... args) {
    HostCommand.check(concat(List.of(IP), List.of(args)));
  }

  /** Runs ip with these arguments: its exit code and output, never a failure. */
  private static HostCommand tryIp(String... args) {
    return HostCommand.run(concat(List.of(IP), List.of(args)));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }

  /** Broker n's address, inside its namespace. */
  String address(int n) {
    return subnet + (n + 1);
  }

  /** The bridge's address, the injector's side. */
  String hostAddress() {
    return subnet + "1";
  }

  String namespace(int n) {
    return run + "n" + n;
  }

  String bridge() {
    return run + "b";
  }

  String hostVeth(int n) {
    return run + "h" + n;
  }

  /** The prefix of a command run inside broker n's namespace. */
  List<String> exec(int n) {
    return List.of(IP, "netns", "exec", namespace(n));
  }

  /** Cuts broker n off from peers, controllers and clients. */
  String cut(int n) {
    ip("link", "set", hostVeth(n), "down");
    return "link " + hostVeth(n) + " down";
  }

  /** Undoes {@link #cut}. */
  String restore(int n) {
    ip("link", "set", hostVeth(n), "up");
    return "link up";
  }

  /** Cuts the injector (this namespace) from broker n; the brokers still reach it. */
  String cutClient(int n) {
    ip("neigh", "replace", address(n), "lladdr", NOWHERE_MAC, "dev", bridge(), "nud", "permanent");
    return "the injector's packets to " + address(n) + " go nowhere";
  }

  /** Undoes {@link #cutClient}: the address is resolved again. */
  String restoreClient(int n) {
    ip("neigh", "del", address(n), "dev", bridge());
    return "the injector reaches " + address(n) + " again";
  }

  /**
   * Cuts broker n from the other brokers (each a controller too): blackhole routes both ways
   * between their addresses, more specific than the subnet's; the injector still reaches n.
   */
  String cutPeers(int n) {
    peerRoutes("add", n).forEach(HostCommand::check);
    return "blackhole routes between " + address(n) + " and the other brokers";
  }

  /** Undoes {@link #cutPeers}; every route is tried, the first failure reported. */
  String restorePeers(int n) {
    String failed = null;
    for (List<String> route : peerRoutes("del", n)) {
      HostCommand r = HostCommand.run(route);
      failed = failed == null && !r.ok() ? String.join(" ", route) + ": " + r.output() : failed;
    }
    if (failed != null) {
      throw new IllegalStateException(failed);
    }
    return "the brokers reach " + address(n) + " again";
  }

  /** For each other broker p, the blackhole routes n to p (in n's namespace) and p to n. */
  private List<List<String>> peerRoutes(String op, int n) {
    return IntStream.rangeClosed(1, size)
        .filter(p -> p != n)
        .boxed()
        .flatMap(p -> Stream.of(peerRoute(op, n, p), peerRoute(op, p, n)))
        .toList();
  }

  /** In broker {@code from}'s namespace, the blackhole route to broker {@code to}. */
  private List<String> peerRoute(String op, int from, int to) {
    return List.of(IP, "-n", namespace(from), "route", op, "blackhole", address(to) + "/32");
  }

  /** Throttles broker n's link both ways to {@code rate} (tc's syntax). */
  String throttle(int n, String rate) {
    // A burst of 20 ms at the rate, at least 16 KiB: tbf drops a packet larger than its burst.
    long burst = Math.max(16 * 1024, FaultPlan.rateBitsPerSecond(rate) / 8 / 50);
    List<String> tbf =
        List.of("root", "tbf", "rate", rate, "burst", String.valueOf(burst), "latency", "400ms");
    HostCommand.check(concat(List.of(TC, "qdisc", "add", "dev", hostVeth(n)), tbf));
    try {
      HostCommand.check(
          concat(List.of(TC, "-n", namespace(n), "qdisc", "add", "dev", namespace(n)), tbf));
    } catch (RuntimeException e) {
      HostCommand.run(List.of(TC, "qdisc", "del", "dev", hostVeth(n), "root"));
      throw e;
    }
    return "tbf rate " + rate + " burst " + burst + " both ways on " + hostVeth(n);
  }

  /** Removes the queues of {@link #throttle}. */
  String unthrottle(int n) {
    HostCommand host = HostCommand.run(List.of(TC, "qdisc", "del", "dev", hostVeth(n), "root"));
    HostCommand.check(List.of(TC, "-n", namespace(n), "qdisc", "del", "dev", namespace(n), "root"));
    if (!host.ok()) {
      throw new IllegalStateException("tc qdisc del dev " + hostVeth(n) + ": " + host.output());
    }
    return "queues removed";
  }

  /** Removes the veths (their queues go with them), the bridge and the namespaces. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (int n = 1; n <= size; n++) {
      tryIp("link", "del", hostVeth(n));
      tryIp("netns", "del", namespace(n));
    }
    tryIp("link", "del", bridge());
  }

  /** Why network namespaces cannot be made here, or null when they can (probed once). */
  static String unavailableReason() {
    return Probe.UNAVAILABLE;
  }

  /** Initialized on first use, once per JVM: the class loader makes the probe thread-safe. */
  private static final class Probe {
    static final String UNAVAILABLE = probe();
  }

  private static String probe() {
    if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
      return "network namespaces are Linux's, and this is " + System.getProperty("os.name");
    }
    if (IP == null || TC == null) {
      return "the ip and tc commands (iproute2) are not installed";
    }
    String name = "kl" + ProcessHandle.current().pid() + "-0";
    HostCommand ns = tryIp("netns", "add", name + "n0");
    tryIp("netns", "del", name + "n0");
    if (!ns.ok()) {
      return "'ip netns add' failed (%s)%s"
          .formatted(ns.output(), root() ? "" : "; not running as root");
    }
    HostCommand br = tryIp("link", "add", name + "b", "type", "bridge");
    tryIp("link", "del", name + "b");
    return br.ok() ? null : "'ip link add type bridge' failed (" + br.output() + ")";
  }

  private static boolean root() {
    return "root".equals(System.getProperty("user.name"));
  }

  /** A 10.a.b.0/24 no address or route of this machine uses, chosen by pid to keep runs apart. */
  private static String freeSubnet() {
    String used =
        tryIp("-o", "-4", "addr", "show").output()
            + "\n"
            + tryIp("-4", "route", "show", "table", "all").output();
    long seed = ProcessHandle.current().pid() * 101 + SEQ.get();
    for (int i = 0; i < 200; i++) {
      long v = Math.floorMod(seed + i * 7919L, 128 * 256);
      String s = "10." + (64 + v / 256) + "." + (v % 256) + ".";
      if (!used.contains(s)) {
        return s;
      }
    }
    throw new IllegalStateException("no free 10.x.y.0/24 subnet for the brokers' bridge");
  }

  /** Removes namespaces, bridges and veths named for a JVM that is no longer alive. */
  static void removeLeftovers() {
    if (IP == null) {
      return;
    }
    for (String line : tryIp("netns", "list").output().split("\n")) {
      removeLeftover("netns", "namespace", line.trim().split("\\s+")[0]);
    }
    for (String line : tryIp("-o", "link", "show").output().split("\n")) {
      String[] parts = line.split(":\\s+", 3);
      removeLeftover("link", "link", parts.length < 2 ? "" : parts[1].split("@")[0]);
    }
  }

  /** Deletes the namespace or link {@code name} when it is a dead JVM's. */
  private static void removeLeftover(String object, String kind, String name) {
    if (leftover(name)) {
      LOG.info("Removing network {} {} left by an earlier run", kind, name);
      tryIp(object, "del", name);
    }
  }

  /** One of ours, and its JVM is gone. */
  static boolean leftover(String name) {
    Matcher m = NAME.matcher(name);
    if (!m.matches()) {
      return false;
    }
    long pid = Long.parseLong(m.group(1));
    return pid != ProcessHandle.current().pid()
        && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
