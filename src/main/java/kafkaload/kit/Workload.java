package kafkaload.kit;

import io.gatling.javaapi.core.Session;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import kafkaload.Params;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Payloads;

/**
 * An OpenMessaging Benchmark workload file (-Dworkload, docs/workloads.md) as the shipped
 * simulations' knobs: read, checked and mapped before any load; a -D property given on the command
 * line still wins over the workload's.
 */
public final class Workload {
  private final String file;
  private final String name;
  private final Params params;
  private final byte[] payload;

  private Workload(String file, String name, Params params, byte[] payload) {
    this.file = file;
    this.name = name;
    this.params = params;
    this.payload = payload;
  }

  /** The workload -Dworkload names (a path, or a resource on the classpath); required. */
  public static Workload of(Params params) {
    String file = params.raw("workload");
    if (file == null || file.isBlank()) {
      throw new KafkaLoadConfigException(
          "-Dworkload is required: the path of an OpenMessaging Benchmark workload file, for"
              + " example -Dworkload=src/test/resources/workloads/1-topic-16-partitions-1kb.yaml");
    }
    OmbWorkload omb =
        OmbWorkload.parse(
            new String(Payloads.read(file, "the workload file"), StandardCharsets.UTF_8), file);
    Map<String, String> knobs = omb.knobs(file);
    byte[] payload = payload(omb, file);
    String name = omb.name() == null ? file : omb.name();
    Console.out(
        "[kafkaload] OMB workload '"
            + name
            + "' ("
            + file
            + "): "
            + knobs.entrySet().stream()
                .map(e -> "-D" + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "))
            + (payload == null ? "" : " value=" + omb.payloadFile()));
    return new Workload(file, name, params.withDefaults(knobs), payload);
  }

  /**
   * The payload file's bytes, each record's value, when the workload's values are not randomized;
   * null otherwise. Found beside the workload file, else as given (a path or a resource).
   */
  private static byte[] payload(OmbWorkload omb, String file) {
    if (omb.payloadFile() == null || Boolean.TRUE.equals(omb.useRandomizedPayloads())) {
      return null;
    }
    Path parent = Paths.get(file).getParent();
    Path beside = parent == null ? null : parent.resolve(omb.payloadFile());
    String path =
        beside != null && Files.isRegularFile(beside) ? beside.toString() : omb.payloadFile();
    byte[] bytes = Payloads.read(path, "the workload's payloadFile");
    if (bytes.length != omb.messageSize()) {
      throw new KafkaLoadConfigException(
          "-Dworkload="
              + file
              + ": payloadFile: "
              + omb.payloadFile()
              + " holds "
              + bytes.length
              + " bytes but messageSize is "
              + omb.messageSize()
              + "; make them agree");
    }
    return bytes;
  }

  /** The workload's name (its file when it has none). */
  public String name() {
    return name;
  }

  /** The file -Dworkload named. */
  public String file() {
    return file;
  }

  /** The parameter snapshot with the workload's knobs as its defaults. */
  public Params params() {
    return params;
  }

  /** Each record's value: the payload file's bytes, else what {@code plan} generates. */
  public Function<Session, Object> valueFunction(RunParams plan) {
    return payload == null ? plan.valueFunction() : session -> payload;
  }
}
