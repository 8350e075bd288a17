package kafkaload.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A nested `mvn` that looks where the calling build looks: its local repository (-Dmaven.repo.local
 * or the settings' localRepository) and its settings files (-s, -gs), which Failsafe passes on as
 * system properties (pom.xml). A clean clone may build with both set.
 */
public final class NestedMaven {
  private NestedMaven() {}

  /** The calling build's Maven (maven.home), else `mvn` on the PATH. */
  public static String executable() {
    String home = System.getProperty("maven.home");
    return home == null || home.isBlank() ? "mvn" : Path.of(home, "bin", "mvn").toString();
  }

  /** -Dmaven.repo.local, -s and -gs as the calling build has them. */
  public static List<String> callerOptions() {
    List<String> options = new ArrayList<>();
    String localRepo = System.getProperty("maven.repo.local");
    if (localRepo != null && !localRepo.isBlank()) {
      options.add("-Dmaven.repo.local=" + localRepo);
    }
    userSettings().ifPresent(f -> options.addAll(List.of("-s", f.toString())));
    globalSettings().ifPresent(f -> options.addAll(List.of("-gs", f.toString())));
    return options;
  }

  /** The calling build's user settings file (-s, or ~/.m2/settings.xml), when it exists. */
  public static Optional<Path> userSettings() {
    return file("kafkaload.it.userSettings");
  }

  /**
   * The calling build's global settings file (-gs, or Maven's conf/settings.xml), when it exists.
   */
  public static Optional<Path> globalSettings() {
    return file("kafkaload.it.globalSettings");
  }

  private static Optional<Path> file(String property) {
    String file = System.getProperty(property);
    return file == null || file.isBlank() || !Files.isRegularFile(Path.of(file))
        ? Optional.empty()
        : Optional.of(Path.of(file));
  }
}
