package kafkaload.internal.semantic.backlog;

import io.soabase.recordbuilder.core.RecordBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * A backlog build-and-drain, as the DSL describes it: its request name, the topic its producers
 * write (null: the protocol's), the group under test and how to pause it, the reply topic whose
 * replies time the end-to-end latency (null: not measured), the producers' rate and record size,
 * the backlog to build ({@code targetBytes}, estimated as lag records × record size), the share of
 * it to drain, and the bounds on building and draining. Immutable; each {@code with…} checks its
 * value.
 */
@RecordBuilder
public record BacklogSpec(
    String requestName,
    String topic,
    String group,
    GroupControl control,
    String replyTopic,
    int ratePerSec,
    int recordSize,
    long targetBytes,
    double drainRatio,
    Bounds bounds)
    implements BacklogSpecBuilder.With {

  /** How long building the backlog, and draining it once the group resumes, may take. */
  public record Bounds(int maxBuildSeconds, int maxDrainSeconds) {}

  public static BacklogSpec of(String requestName) {
    if (requestName == null || requestName.isBlank()) {
      throw new KafkaLoadConfigException("backlog(name): the request name must not be empty");
    }
    return new BacklogSpec(
        requestName,
        null,
        null,
        GroupControl.none(),
        null,
        1000,
        1024,
        10L << 20,
        0.99,
        new Bounds(60, 60));
  }

  public BacklogSpec withTopic(String t) {
    return BacklogSpecBuilder.With.super.withTopic(nonBlank(t, "topic"));
  }

  public BacklogSpec withGroup(String g) {
    return BacklogSpecBuilder.With.super.withGroup(nonBlank(g, "group"));
  }

  public BacklogSpec withReplyTopic(String r) {
    return BacklogSpecBuilder.With.super.withReplyTopic(nonBlank(r, "replyTopic"));
  }

  /** The producers: {@code rate} records a second of {@code size} bytes. */
  public BacklogSpec withProducers(int rate, int size) {
    positive(rate, "rate");
    positive(size, "recordSize");
    return withRatePerSec(rate).withRecordSize(size);
  }

  /** The backlog to build, in bytes, and the share of its peak to drain, in (0, 1]. */
  public BacklogSpec withBacklog(long bytes, double ratio) {
    positive(bytes, "bytes");
    if (!(ratio > 0 && ratio <= 1)) {
      throw refused(
          "drainRatio", ratio + " is not in (0, 1]: the share of the peak backlog to drain");
    }
    return withTargetBytes(bytes).withDrainRatio(ratio);
  }

  /** The bounds: on building the backlog, and on draining it once the group resumes. */
  public BacklogSpec withBounds(int buildSeconds, int drainSeconds) {
    positive(buildSeconds, "maxBuildSeconds");
    positive(drainSeconds, "maxDrainSeconds");
    return withBounds(new Bounds(buildSeconds, drainSeconds));
  }

  /** The backlog to build in records: the bytes over the record size, at least one. */
  public long targetRecords() {
    return BacklogMath.records(targetBytes, recordSize);
  }

  /** The checks before any load: a group, and a way to pause and resume it. */
  public void check() {
    if (group == null) {
      throw refused("group", "no consumer group under test: name it with .group(..)");
    }
    if (!control.complete()) {
      throw refused(
          "pause",
          "no way to pause and resume group '"
              + group
              + "': give the echo service's hooks, .pause(echo::pause).resume(echo::resume), or"
              + " shell commands that stop and start a service of your own,"
              + " .pauseCommand(\"kubectl scale deployment/x --replicas=0\").resumeCommand(..)");
    }
  }

  /** A pause or resume command, refused when empty. */
  public String checkedCommand(String command, String what) {
    if (command == null || command.isBlank()) {
      throw refused(
          what + "Command",
          "empty: a system under test of your own needs a shell command that "
              + (what.equals("pause") ? "stops" : "starts")
              + " its consumers, for example kubectl scale deployment/x --replicas="
              + (what.equals("pause") ? "0" : "3"));
    }
    return command;
  }

  private String nonBlank(String v, String what) {
    if (v == null || v.isBlank()) {
      throw refused(what, "empty");
    }
    return v;
  }

  private void positive(long v, String what) {
    if (v < 1) {
      throw refused(what, v + " is not positive");
    }
  }

  private KafkaLoadConfigException refused(String what, String why) {
    return new KafkaLoadConfigException("backlog(\"" + requestName + "\")." + what + ": " + why);
  }
}
