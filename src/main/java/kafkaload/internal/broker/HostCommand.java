package kafkaload.internal.broker;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A command of the host (ip, tc, kill) with a bounded wait: its exit code and output, never a hang.
 */
record HostCommand(int exitCode, String output) {
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  boolean ok() {
    return exitCode == 0;
  }

  /** Runs the command; a failure to start or a timeout is exit code -1 with the reason. */
  static HostCommand run(List<String> command) {
    Path out = null;
    Process p = null;
    try {
      // A file, not a pipe: a long output cannot block the command before it exits.
      out = Files.createTempFile("kafkaload-cmd-", ".out");
      p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return new HostCommand(
            -1, String.join(" ", command) + " did not end within " + TIMEOUT.toSeconds() + " s");
      }
      return new HostCommand(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8).trim());
    } catch (IOException e) {
      // Not started (no temporary file, or no program), or its output unreadable.
      return new HostCommand(
          -1,
          p == null
              ? "cannot run " + command.get(0) + ": " + e.getMessage()
              : "cannot read the output of " + command.get(0) + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      return new HostCommand(-1, "interrupted while running " + String.join(" ", command));
    } finally {
      if (out != null) {
        out.toFile().delete(); // a temporary file: one left behind fails nothing
      }
    }
  }

  /** Runs it, or fails naming the command and its output. */
  static String check(List<String> command) {
    HostCommand r = run(command);
    if (!r.ok()) {
      throw new IllegalStateException(
          String.join(" ", command)
              + " failed: "
              + (r.output().isEmpty() ? "exit " + r.exitCode() : r.output()));
    }
    return r.output();
  }

  /** The program's path: on PATH, else in /usr/sbin or /sbin (root's tools); null when absent. */
  static String find(String program) {
    String path = Objects.requireNonNullElse(System.getenv("PATH"), "");
    for (String dir : (path + ":/usr/sbin:/sbin:/usr/bin:/bin").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, program))) {
        return Paths.get(dir, program).toString();
      }
    }
    return null;
  }
}
