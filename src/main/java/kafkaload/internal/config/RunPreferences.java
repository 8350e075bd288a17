package kafkaload.internal.config;

import java.util.Map;
import java.util.TreeMap;
import java.util.prefs.AbstractPreferences;
import java.util.prefs.Preferences;
import java.util.prefs.PreferencesFactory;

/**
 * The Java preferences of this project's Gatling JVMs ({@code
 * -Djava.util.prefs.PreferencesFactory=kafkaload.internal.config.RunPreferences}, in the pom's
 * {@code gatling.jvmArgs} and every JVM the project starts): in memory, so a run writes nothing
 * under {@code ~/.java}, and with Gatling's release check already made. Gatling 3.16.0 has no
 * switch for that check: each start it asks Maven Central's metadata for the latest release and
 * prints "Gatling X is available!" when the metadata's last update is newer than its own release,
 * whatever X is (3.15.1, older, where the metadata lags). A failed check it stored is trusted for a
 * while after its time, so one stored at the end of time ends the query and the line.
 */
public final class RunPreferences implements PreferencesFactory {
  /** Gatling's node and keys (io.gatling.commons.util.LatestGatlingRelease). */
  static final String GATLING_NODE = "/io/gatling/latestVersion";

  /** The JVM option that makes these a JVM's preferences. */
  public static final String JVM_OPTION =
      "-Djava.util.prefs.PreferencesFactory=kafkaload.internal.config.RunPreferences";

  // JVM-wide: the factory's one tree; it holds no run's data.
  private static final Preferences USER = seeded(new Node(null, ""));
  private static final Preferences SYSTEM = new Node(null, "");

  /** Java's preferences ask for a public constructor. */
  public RunPreferences() {}

  @Override
  public Preferences userRoot() {
    return USER;
  }

  @Override
  public Preferences systemRoot() {
    return SYSTEM;
  }

  private static Preferences seeded(Preferences root) {
    Preferences gatling = root.node(GATLING_NODE);
    gatling.putBoolean("lastCheckSuccess", false);
    gatling.putLong("lastCheckTimestamp", Long.MAX_VALUE);
    return root;
  }

  /** A node kept in memory only. */
  private static final class Node extends AbstractPreferences {
    private final Map<String, String> values = new TreeMap<>();
    private final Map<String, Node> children = new TreeMap<>();

    Node(Node parent, String name) {
      super(parent, name);
    }

    @Override
    protected void putSpi(String key, String value) {
      values.put(key, value);
    }

    @Override
    protected String getSpi(String key) {
      return values.get(key);
    }

    @Override
    protected void removeSpi(String key) {
      values.remove(key);
    }

    @Override
    protected void removeNodeSpi() {
      ((Node) parent()).children.remove(name());
    }

    @Override
    protected String[] keysSpi() {
      return values.keySet().toArray(String[]::new);
    }

    @Override
    protected String[] childrenNamesSpi() {
      return children.keySet().toArray(String[]::new);
    }

    @Override
    protected AbstractPreferences childSpi(String name) {
      return children.computeIfAbsent(name, n -> new Node(this, n));
    }

    @Override
    protected void syncSpi() {}

    @Override
    protected void flushSpi() {}
  }
}
