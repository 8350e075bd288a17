package kafkaload.distributed;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kafkaload.*;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.distributed.Injector;
import kafkaload.internal.distributed.LocalRun;
import kafkaload.internal.distributed.Merge;
import kafkaload.internal.distributed.SimulationLogs;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.protocol.ProtocolParts;
import kafkaload.internal.protocol.ProtocolResolver;

/**
 * One simulation on N injectors, one report and one verdict (docs/distributed.md). A plain Java
 * entry point, no Maven at run time:
 *
 * <pre>
 * java --add-opens=java.base/java.lang=ALL-UNNAMED -cp ... kafkaload.distributed.Distributed injector   # one injector
 * java ... kafkaload.distributed.Distributed merge      # the N injectors' results into one run; exit code = verdict
 * java ... kafkaload.distributed.Distributed local      # N local injector processes, then the merge
 * </pre>
 *
 * Every knob is a -D property (docs/parameters.md, "Distributed runs"). Exit codes: 0 passed, 2 a
 * gate failed, 3 an injector did not finish, 4 input refused, 5 an injector started after the
 * common start, 1 other errors.
 */
public final class Distributed {
  public static final int LATE = 5;

  private Distributed() {}

  public static void main(String[] args) {
    int code;
    try {
      code = run(args);
    } catch (SimulationLogs.Refused e) {
      Console.err("[kafkaload] REFUSED: " + e.getMessage());
      code = Merge.REFUSED;
    } catch (Injector.Late e) {
      Console.err("[kafkaload] ERROR: " + e.getMessage());
      code = LATE;
    } catch (KafkaLoadConfigException e) {
      // Printed here, unless Gatling already reported it (an injector's simulation refused).
      Console.configError(e);
      code = 1;
    } catch (Exception e) {
      e.printStackTrace();
      code = 1;
    }
    System.exit(code);
  }

  static int run(String[] args) throws Exception {
    String command = args.length == 1 ? args[0] : "";
    ParamSnapshot params = ParamSnapshot.fromSystemProperties();
    try {
      io.gatling.core.stats.writer.StringInternals.checkAvailability();
    } catch (Throwable e) {
      throw refused(
          "Gatling's simulation.log reader and writer need the JVM option"
              + " --add-opens=java.base/java.lang=ALL-UNNAMED (%s)",
          e);
    }
    return switch (command) {
      case "injector" -> injector(params);
      case "merge" -> merge(params);
      case "local" -> local(params);
      default -> {
        System.err.println(
            "usage: kafkaload.distributed.Distributed injector|merge|local   (with -D properties, see "
                + "docs/distributed.md)");
        yield 1;
      }
    };
  }

  private static int injector(ParamSnapshot params) throws Exception {
    InjectorShare share = params.injector();
    KafkaLoadConfigException.refuseIf(
        share.runId() == null,
        "an injector needs -Drun.id (or KAFKALOAD_RUN_ID): the run id all "
            + "injectors share, so one read-back finds all their records");
    String simulation = required(params, "gatling.simulationClass");
    long startAt = epochMillis(required(params, "injector.startAt"));
    Path results = Path.of(params.string("injector.results", "results/injector-" + share.index()));
    return Injector.run(simulation, share, startAt, results);
  }

  private static int merge(ParamSnapshot params) throws Exception {
    Path root = Path.of(params.string("merge.results", "results"));
    InjectorShare share = params.injector();
    int count = share == InjectorShare.SINGLE ? 0 : share.count();
    Path out = Path.of(params.string("merge.out", root.resolve("merged").toString()));
    int wait = params.nonNegativeInt("merge.waitSeconds", 0);
    return Merge.run(root, count, out, connection(params), wait).exitCode();
  }

  /**
   * The cluster the merge reads back from: the injectors' own bootstrap and security -D properties.
   */
  private static Connection connection(ParamSnapshot params) {
    if (!params.bool("verify", true)) {
      return null;
    }
    KafkaProtocol protocol = ProtocolResolver.resolve(ProtocolParts.DEFAULT.withParams(params));
    if (protocol.bootstrapServers() == null) {
      throw refused(
          "the merge reconciles the injectors' records against their cluster: set -D%s "
              + "(or %s), or -Dverify=false to merge without it",
          KafkaProtocolBuilder.BOOTSTRAP_PROPERTY, KafkaProtocolBuilder.BOOTSTRAP_ENV);
    }
    return protocol.connection();
  }

  private static int local(ParamSnapshot params) throws Exception {
    String simulation = required(params, "gatling.simulationClass");
    int n = params.positiveInt("injector.count", 2);
    Path root =
        Path.of(
            params.string("local.results", "target/distributed/run-" + System.currentTimeMillis()));
    if (Files.isDirectory(root)) {
      try (var s = Files.list(root)) {
        if (s.findAny().isPresent()) {
          throw new KafkaLoadConfigException("-Dlocal.results=" + root + " is not empty");
        }
      }
    }
    Files.createDirectories(root);
    int delay = params.positiveInt("local.startDelaySeconds", 20);
    String heap = params.string("local.injectorHeap", "1g");
    int timeout = params.positiveInt("local.timeoutSeconds", 3600);
    String runId = params.string("run.id", UUID.randomUUID().toString().substring(0, 13));
    // The -D properties this command was given go to every injector too (the simulation's knobs).
    Map<String, String> passed = new LinkedHashMap<>();
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      int eq = a.indexOf('=');
      if (a.startsWith("-D") && eq > 2) {
        passed.put(a.substring(2, eq), a.substring(eq + 1));
      }
    }
    String bootstrap =
        params.raw(KafkaProtocolBuilder.BOOTSTRAP_PROPERTY) != null
            ? params.raw(KafkaProtocolBuilder.BOOTSTRAP_PROPERTY)
            : params.env(KafkaProtocolBuilder.BOOTSTRAP_ENV);
    // No broker (null) when the injectors share the given one.
    try (LocalRun.Broker broker =
        bootstrap == null ? new LocalRun.Broker(root.resolve("broker")) : null) {
      if (broker != null) {
        bootstrap = broker.bootstrap();
        System.setProperty(KafkaProtocolBuilder.BOOTSTRAP_PROPERTY, bootstrap);
        Console.out("[kafkaload] embedded broker in its own process: " + bootstrap);
      }
      long startAt = System.currentTimeMillis() + delay * 1000L;
      List<Process> injectors = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Map<String, String> p = new LinkedHashMap<>(passed);
        p.put("gatling.simulationClass", simulation);
        p.put("injector.index", String.valueOf(i));
        p.put("injector.count", String.valueOf(n));
        p.put("run.id", runId);
        p.put("injector.startAt", String.valueOf(startAt));
        p.put("injector.results", root.resolve("injector-" + i).toString());
        p.put(KafkaProtocolBuilder.BOOTSTRAP_PROPERTY, bootstrap);
        // One machine: each injector's live endpoint on a port of its own, -Dmetrics.port + index.
        String metrics = passed.get("metrics.port");
        if (metrics != null && metrics.matches("[1-9][0-9]*")) {
          p.put("metrics.port", String.valueOf(Integer.parseInt(metrics) + i));
        }
        injectors.add(
            LocalRun.start(
                LocalRun.injectorCommand(Distributed.class.getName(), heap, p),
                root.resolve("injector-" + i + ".out")));
      }
      Console.outf(
          "[kafkaload] %s injectors of %s (run %s) start at %s; output in %s%n",
          n, simulation, runId, Instant.ofEpochMilli(startAt), root);
      LocalRun.await(injectors, delay + timeout);
      return Merge.run(
              root, n, root.resolve("merged"), connection(ParamSnapshot.fromSystemProperties()), 0)
          .exitCode();
    }
  }

  private static String required(ParamSnapshot params, String name) {
    String v = params.raw(name);
    if (v == null) {
      throw new KafkaLoadConfigException("-D" + name + " is required");
    }
    return v;
  }

  /** Epoch milliseconds, or an ISO-8601 instant such as 2026-11-30T21:00:00Z. */
  static long epochMillis(String v) {
    try {
      return v.matches("\\d+") ? Long.parseLong(v) : Instant.parse(v).toEpochMilli();
    } catch (DateTimeParseException | NumberFormatException e) {
      throw refused(
          "-Dinjector.startAt=%s is neither epoch milliseconds nor an ISO-8601 instant"
              + " (2026-11-30T21:00:00Z)",
          v);
    }
  }
}
