package kafkaload.internal.distributed;

import io.gatling.charts.stats.FirstPassParser;
import io.gatling.charts.stats.LogFileParser;
import io.gatling.charts.stats.RunInfo;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.commons.stats.assertion.Assertion;
import io.gatling.commons.util.GatlingVersion;
import io.gatling.core.stats.writer.DataWriterMessage;
import io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$Error;
import io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$Group;
import io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$Response;
import io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$User;
import io.gatling.core.stats.writer.FileData;
import io.gatling.core.stats.writer.LogFileDataWriter;
import io.gatling.core.stats.writer.RecordHeader;
import io.gatling.core.stats.writer.RunMessage;
import io.gatling.core.stats.writer.ShortScenarioDescription;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Gatling's binary simulation.log (3.16.0's), read and written with Gatling's own classes (its
 * header parser, its log parser's primitives, its {@code LogFileDataWriter}); records are streamed,
 * so memory does not grow with the log.
 */
public final class SimulationLogs {
  private SimulationLogs() {}

  /** Input the merge refuses, with a message that names the file. */
  public static final class Refused extends RuntimeException {
    public Refused(String message) {
      super(message);
    }
  }

  /**
   * A log's header as Gatling's first pass reads it; {@code info} has the inject start and end too.
   */
  public record Header(Path file, RunInfo info) {
    public String simulation() {
      return info.simulationClassName();
    }

    public List<String> scenarios() {
      return List.of(info.scenarios());
    }

    public List<Assertion> assertions() {
      return CollectionConverters.asJava(info.assertions());
    }
  }

  /** Gatling's first pass: refuses another Gatling version or a malformed file, naming it. */
  public static Header header(Path log) {
    try {
      return new Header(log, new FirstPassParser(log.toFile(), ZoneId.systemDefault()).parse());
    } catch (AssertionError | Exception e) { // Scala's parser throws EOFException undeclared
      String m = e.getMessage() == null ? e.toString() : e.getMessage();
      throw new Refused(
          m.contains(log.toString())
              ? m.replace("assertion failed: ", "")
              : "%s: not a readable Gatling %s simulation.log (%s)"
                  .formatted(log, GatlingVersion.ThisVersion().fullVersion(), m));
    }
  }

  /** What a stream of a log's records counted. */
  public record Counts(
      long records,
      long requests,
      long ok,
      long ko,
      long firstMillis,
      long lastMillis,
      boolean truncated) {}

  /**
   * Streams the log's records to {@code sink} as load events with absolute times; a log ending
   * mid-record is truncated ({@code Counts.truncated}), the records before passed on.
   */
  public static Counts stream(Header header, Consumer<DataWriterMessage.LoadEvent> sink) {
    try (Records r = new Records(header.file().toFile(), header.info(), sink)) {
      return r.parse();
    }
  }

  private static final class Records extends LogFileParser<Counts> {
    private final RunInfo info;
    private final Consumer<DataWriterMessage.LoadEvent> sink;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    Records(File file, RunInfo info, Consumer<DataWriterMessage.LoadEvent> sink) {
      super(file);
      this.info = info;
      this.sink = sink;
    }

    private void seen(long start, long end) {
      first = Math.min(first, start);
      last = Math.max(last, end);
    }

    private scala.collection.immutable.List<String> groups() {
      int n = readInt();
      List<String> g = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        g.add(readCachedSanitizedString());
      }
      return CollectionConverters.asScala(g).toList();
    }

    @Override
    public Counts parse() {
      // The run record, as Gatling's second pass skips it.
      skipByte();
      skipString();
      skipString();
      skipLong();
      skipString();
      int scenarios = readInt();
      for (int i = 0; i < scenarios; i++) {
        skipString();
      }
      int assertions = readInt();
      for (int i = 0; i < assertions; i++) {
        skip(readInt());
      }
      long base = info.runStart();
      String[] names = info.scenarios();
      long count = 0;
      long requests = 0;
      long ok = 0;
      while (true) {
        int h = read();
        if (h < 0) {
          return new Counts(count, requests, ok, requests - ok, first, last, false);
        }
        try {
          byte b = (byte) h;
          DataWriterMessage.LoadEvent e;
          if (b == RecordHeader.User$.MODULE$.value()) {
            String scenario = names[readInt()];
            boolean start = readBoolean();
            long t = readInt() + base;
            seen(t, t);
            e = new DataWriterMessage$LoadEvent$User(scenario, t, start);
          } else if (b == RecordHeader.Request$.MODULE$.value()) {
            scala.collection.immutable.List<String> groups = groups();
            String name = readCachedSanitizedString();
            long start = readInt() + base;
            long end = readInt() + base;
            boolean isOk = readBoolean();
            String message = readCachedSanitizedString();
            seen(start, end);
            requests++;
            ok += isOk ? 1 : 0;
            e = response(groups, name, start, end, isOk, message.isEmpty() ? null : message);
          } else if (b == RecordHeader.Group$.MODULE$.value()) {
            scala.collection.immutable.List<String> groups = groups();
            long start = readInt() + base;
            long end = readInt() + base;
            int cumulated = readInt();
            boolean isOk = readBoolean();
            seen(start, end);
            e =
                new DataWriterMessage$LoadEvent$Group(
                    "", groups, start, end, cumulated, status(isOk));
          } else if (b == RecordHeader.Error$.MODULE$.value()) {
            String message = readCachedSanitizedString();
            long t = readInt() + base;
            e = new DataWriterMessage$LoadEvent$Error(message, t);
          } else {
            throw new Refused(
                "%s log record %s: unknown header %s"
                    .formatted(info.simulationClassName(), count + 1, b));
          }
          count++;
          sink.accept(e);
        } catch (Exception ex) { // Scala's readInt and friends throw EOFException undeclared
          if (ex instanceof EOFException) {
            return new Counts(count, requests, ok, requests - ok, first, last, true);
          }
          throw ex instanceof RuntimeException re
              ? re
              : new UncheckedIOException(new IOException(ex));
        }
      }
    }
  }

  private static Status status(boolean ok) {
    return ok ? OK$.MODULE$ : KO$.MODULE$;
  }

  /**
   * A request record; {@code message} null for none. The scenario is not stored: the writer does
   * not need it.
   */
  private static DataWriterMessage.LoadEvent response(
      scala.collection.immutable.List<String> groups,
      String name,
      long start,
      long end,
      boolean ok,
      String message) {
    return new DataWriterMessage$LoadEvent$Response(
        "", groups, name, start, end, status(ok), Option.empty(), Option.apply(message));
  }

  /** A merged log written with Gatling's writer: {@code resultsDir/<runId>/simulation.log}. */
  public static final class Writer implements AutoCloseable {
    private final LogFileDataWriter writer;
    private final FileData data;
    private final Path file;

    public Writer(
        Path resultsDir, String simulationId, Header like, long start, String description) {
      RunMessage run =
          new RunMessage(
              like.simulation(),
              simulationId,
              start,
              description,
              GatlingVersion.ThisVersion().fullVersion(),
              ZoneId.systemDefault());
      List<ShortScenarioDescription> scenarios =
          like.scenarios().stream()
              .map(s -> new ShortScenarioDescription(s, Option.empty()))
              .toList();
      Path target = resultsDir.resolve(run.runId());
      if (Files.exists(target)) {
        // Gatling's writer would write over it in place, leaving the old file's tail behind.
        throw new Refused(
            "%s exists already: this run was merged before; remove it or merge elsewhere (-Dmerge.out)"
                .formatted(target));
      }
      writer =
          LogFileDataWriter.apply(
              run,
              CollectionConverters.asScala(scenarios).toSeq(),
              like.info().assertions(),
              resultsDir);
      data = writer.onInit();
      file = LogFileDataWriter.logFile(resultsDir, run.runId(), false);
    }

    public void write(DataWriterMessage.LoadEvent e) {
      writer.onMessage(e, data);
    }

    /** One request record, for example a verdict of the merge's reconciliation. */
    public void request(String name, long atMillis, String koMessage) {
      write(
          response(
              CollectionConverters.asScala(List.<String>of()).toList(),
              name,
              atMillis,
              atMillis,
              koMessage == null,
              koMessage));
    }

    public Path file() {
      return file;
    }

    @Override
    public void close() {
      writer.onStop(data);
    }
  }
}
