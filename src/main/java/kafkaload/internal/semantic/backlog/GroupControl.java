package kafkaload.internal.semantic.backlog;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * How the group under test is paused and resumed: hooks in this JVM (the echo service's {@code
 * pause}/{@code resume}), or shell commands for a service of the user's own ({@code kubectl scale
 * ... --replicas=0}), run with {@code sh -c} and bounded in time. The commands are never printed:
 * they may hold credentials.
 */
public record GroupControl(
    Runnable pauseHook, Runnable resumeHook, String pauseCommand, String resumeCommand) {

  /** How long a pause or resume command may run. */
  static final long COMMAND_TIMEOUT_SECONDS = 120;

  public static GroupControl none() {
    return new GroupControl(null, null, null, null);
  }

  /** Pauses with a hook in this JVM, instead of a command. */
  public GroupControl withPauseHook(Runnable pause) {
    return new GroupControl(pause, resumeHook, null, resumeCommand);
  }

  public GroupControl withResumeHook(Runnable resume) {
    return new GroupControl(pauseHook, resume, pauseCommand, null);
  }

  /** Pauses with a shell command, instead of a hook. */
  public GroupControl withPauseCommand(String pause) {
    return new GroupControl(null, resumeHook, pause, resumeCommand);
  }

  public GroupControl withResumeCommand(String resume) {
    return new GroupControl(pauseHook, null, pauseCommand, resume);
  }

  /** Whether both halves are set, each a hook or a command. */
  public boolean complete() {
    return (pauseHook != null || pauseCommand != null)
        && (resumeHook != null || resumeCommand != null);
  }

  /** "hooks", "commands" or "mixed": how the results say the group was paused and resumed. */
  public String kind() {
    if (pauseHook != null && resumeHook != null) {
      return "hooks";
    }
    return pauseCommand != null && resumeCommand != null ? "commands" : "mixed";
  }

  void pause() {
    run(pauseHook, pauseCommand, "pause");
  }

  void resume() {
    run(resumeHook, resumeCommand, "resume");
  }

  private static void run(Runnable hook, String command, String what) {
    if (hook != null) {
      hook.run();
      return;
    }
    try {
      Process p =
          new ProcessBuilder("sh", "-c", command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(
            "the " + what + " command did not end within " + COMMAND_TIMEOUT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(
            "the " + what + " command failed with exit code " + p.exitValue());
      }
    } catch (IOException e) {
      throw new IllegalStateException(
          "the " + what + " command could not start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running the " + what + " command", e);
    }
  }
}
