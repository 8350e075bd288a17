package kafkaload.bench;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.internal.distributed.LocalRun;

/**
 * The command that runs a simulation the way the Gatling Maven plugin does: io.gatling.app.Gatling
 * in a new JVM with this JVM's classpath, the plugin's JVM options (and the pom's gatling.jvmArgs)
 * and the given -D properties. Used by the tests and the matrix.
 */
public final class GatlingJvm {
  private GatlingJvm() {}

  public static List<String> command(
      String simulationClass, Map<String, String> props, Path resultsDir) {
    return command(simulationClass, props, resultsDir, List.of());
  }

  /** As above, with JVM options after the plugin's (a later -Xmx wins). */
  public static List<String> command(
      String simulationClass, Map<String, String> props, Path resultsDir, List<String> jvmOptions) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    // The JVM options the Gatling Maven plugin gives its forked JVM ...
    cmd.addAll(
        List.of(
            "-Xmx1G",
            "-XX:+HeapDumpOnOutOfMemoryError",
            "-XX:MaxInlineLevel=20",
            "-XX:MaxTrivialSize=12"));
    // ... and what every injector JVM of this project gets: the add-opens Gatling needs, the pom's
    // gatling.jvmArgs (the parallel collector, the preferences without Gatling's release check, an
    // event loop per core), no analytics.
    cmd.addAll(LocalRun.JVM_OPTIONS);
    cmd.addAll(jvmOptions);
    props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("io.gatling.app.Gatling");
    cmd.add("-s");
    cmd.add(simulationClass);
    cmd.add("-rf");
    cmd.add(resultsDir.toAbsolutePath().toString());
    return cmd;
  }
}
