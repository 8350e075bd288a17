package kafkaload.internal.protocol;

import java.util.Objects;

/**
 * How a dry run ends once its plan is printed. By default the JVM exits 0: a run is a JVM of its
 * own ({@code mvn gatling:test}, Gatling's {@code main}), and Gatling has no way to end a run with
 * success before its injection (a stopped load generator prints its requests table, and its report
 * fails on a run without requests).
 *
 * <p>A host that runs Gatling inside its own JVM ({@code io.gatling.app.Gatling.fromArgs} on a
 * thread of its own: the integration tests' {@code InProcessGatling}, a launcher) must not let a
 * dry run exit that JVM. It replaces the exit, for the runs it starts, with its own end of the run:
 * {@link #hostedBy}, then {@link #jvmExit} once the run is over. Its end is called once, on the
 * first user's thread, after the plan; it must end Gatling's run without waiting for it (the
 * integration tests interrupt the thread waiting in Gatling's runner: Gatling closes the run's
 * actors and event loops, then {@code fromArgs} throws, and the host reports the exit 0 the JVM
 * would have). The run's users never take a step: each throws {@link UserStopped} at its start
 * (Netty's event loop logs it), and the run's end closes its clients and writes no file.
 */
public final class DryRunEnd {
  private static volatile Runnable host;

  private DryRunEnd() {}

  /** The runs started from now on end with {@code end} instead of the JVM's exit. */
  public static void hostedBy(Runnable end) {
    host = Objects.requireNonNull(end, "end");
  }

  /** The runs started from now on end with the JVM's exit 0 (the default). */
  public static void jvmExit() {
    host = null;
  }

  /** The host's end for a run starting now; null for the JVM's exit. */
  static Runnable host() {
    return host;
  }

  /** What a user of a hosted dry run throws at its start: it never takes a step. */
  public static final class UserStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    static final UserStopped INSTANCE = new UserStopped();

    private UserStopped() {
      super("a dry run's user never takes a step", null, false, false);
    }
  }
}
