package kafkaload;

import kafkaload.internal.semantic.backlog.BacklogActions;
import kafkaload.internal.semantic.backlog.BacklogSpec;

/**
 * {@code backlog("backlog")}: can the consumers catch up after an outage while the producers keep
 * writing? One virtual user runs it: it pauses the group under test, produces {@code rate} records
 * a second until the group is {@code bytes} behind (estimated as lag records × record size),
 * resumes the group while the producers go on, and reads produced, consumed and lag every second
 * until the lag is down to {@code (1 - drainRatio)} of its peak. Requests: {@code "<name> send"}
 * (acks while the backlog builds), {@code "<name> send catch-up"} (acks during the catch-up),
 * {@code "<name> e2e catch-up"} (replies on {@code replyTopic} during the catch-up, from the
 * request's timestamp), and the verdict {@code "<name> drained"}, a KO naming the lag left when it
 * did not drain within {@code maxDrainSeconds}. Every wait is bounded. Defaults: 1,000 msg/s of
 * 1,024 B, 10 MiB, 0.99, 60 s to build, 60 s to drain. See docs/backlog.md. Every call returns a
 * new builder.
 */
public final class BacklogActionBuilder extends SpecStep {
  private final BacklogSpec spec;

  BacklogActionBuilder(BacklogSpec spec) {
    super(() -> BacklogActions.backlog(spec));
    this.spec = spec;
  }

  /** The consumer group under test (required). */
  public BacklogActionBuilder group(String group) {
    return new BacklogActionBuilder(spec.withGroup(group));
  }

  /** The topic the producers write and the group reads (default: the protocol's). */
  public BacklogActionBuilder topic(String topic) {
    return new BacklogActionBuilder(spec.withTopic(topic));
  }

  /** Where the system under test replies: times the end-to-end latency during the catch-up. */
  public BacklogActionBuilder replyTopic(String topic) {
    return new BacklogActionBuilder(spec.withReplyTopic(topic));
  }

  /** Records a second the producers write, throughout. */
  public BacklogActionBuilder rate(int perSecond) {
    return new BacklogActionBuilder(spec.withProducers(perSecond, spec.recordSize()));
  }

  /** The records' value size in bytes. */
  public BacklogActionBuilder recordSize(int bytes) {
    return new BacklogActionBuilder(spec.withProducers(spec.ratePerSec(), bytes));
  }

  /** The backlog to build, in bytes of records (lag records × record size). */
  public BacklogActionBuilder bytes(long bytes) {
    return new BacklogActionBuilder(spec.withBacklog(bytes, spec.drainRatio()));
  }

  /** The share of the peak backlog to drain, in (0, 1]. */
  public BacklogActionBuilder drainRatio(double ratio) {
    return new BacklogActionBuilder(spec.withBacklog(spec.targetBytes(), ratio));
  }

  /** The bound on building the backlog; past it the verdict is a KO. */
  public BacklogActionBuilder maxBuildSeconds(int seconds) {
    return new BacklogActionBuilder(spec.withBounds(seconds, spec.bounds().maxDrainSeconds()));
  }

  /** The bound on draining once the group resumed; past it the verdict is a KO. */
  public BacklogActionBuilder maxDrainSeconds(int seconds) {
    return new BacklogActionBuilder(spec.withBounds(spec.bounds().maxBuildSeconds(), seconds));
  }

  /** Pauses the group in this JVM: the echo service's {@code echo::pause}. */
  public BacklogActionBuilder pause(Runnable pause) {
    return new BacklogActionBuilder(spec.withControl(spec.control().withPauseHook(pause)));
  }

  /** Resumes the group in this JVM: the echo service's {@code echo::resume}. */
  public BacklogActionBuilder resume(Runnable resume) {
    return new BacklogActionBuilder(spec.withControl(spec.control().withResumeHook(resume)));
  }

  /**
   * Pauses a service of your own with a shell command ({@code sh -c}) that returns once its
   * consumers stopped, for example {@code kubectl scale deployment/orders --replicas=0}; exit code
   * 0 or the backlog is a KO. Never printed.
   */
  public BacklogActionBuilder pauseCommand(String command) {
    return new BacklogActionBuilder(
        spec.withControl(spec.control().withPauseCommand(spec.checkedCommand(command, "pause"))));
  }

  /** Resumes it: {@code kubectl scale deployment/orders --replicas=3}. */
  public BacklogActionBuilder resumeCommand(String command) {
    return new BacklogActionBuilder(
        spec.withControl(spec.control().withResumeCommand(spec.checkedCommand(command, "resume"))));
  }
}
