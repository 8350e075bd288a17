package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's example simulation compiles against the public API as it is now: the first thing a
 * user copies. ReadmeExampleIT also runs it.
 */
class ReadmeExampleTest {
  private static final Pattern CLASS = Pattern.compile("public class (\\w+)");

  @Test
  void theReadmeSimulationCompiles(@TempDir Path dir) throws IOException {
    compile(dir);
  }

  @Test
  void theDslRequestReplyExampleCompiles(@TempDir Path dir) throws IOException {
    assertEquals(List.of("OrderRepliesSimulation"), compile(Paths.get("docs/dsl.md"), dir));
  }

  /**
   * Compiles every class of the README's Java blocks into {@code dir}; returns their names (default
   * package).
   */
  static List<String> compile(Path dir) throws IOException {
    return compile(Paths.get("README.md"), dir);
  }

  /**
   * Compiles every class of a page's Java blocks (those that hold a {@code public class}) into
   * {@code dir}; returns their names (default package).
   */
  static List<String> compile(Path page, Path dir) throws IOException {
    String readme = Files.readString(page);
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    List<String> files = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    while (block.find()) {
      Matcher name = CLASS.matcher(block.group(1));
      if (name.find()) {
        Path f = dir.resolve(name.group(1) + ".java");
        Files.writeString(f, block.group(1));
        files.add(f.toString());
        classes.add(name.group(1));
      }
    }
    assertFalse(files.isEmpty(), page + " has no example simulation");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args =
        new ArrayList<>(
            List.of(
                "-d", dir.toString(), "-proc:none", "-cp", System.getProperty("java.class.path")));
    args.addAll(files);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc = javac.run(null, out, out, args.toArray(new String[0]));
    assertEquals(
        0, rc, page + "'s example does not compile:\n" + out.toString(StandardCharsets.UTF_8));
    return classes;
  }
}
