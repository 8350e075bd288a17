package kafkaload.bench.matrix;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.bench.matrix.MatrixGrid.Cell;
import kafkaload.bench.matrix.MatrixGrid.Dimension;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/**
 * The grid: presets, cells, the -D properties of a cell, and a clear one-line error for every
 * malformed value.
 */
class MatrixGridTest {

  private static MatrixGrid parse(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return MatrixGrid.parse(m);
  }

  private static void refused(String expected, String... kv) {
    KafkaLoadConfigException e = assertThrows(KafkaLoadConfigException.class, () -> parse(kv));
    assertEquals(expected, e.getMessage());
  }

  @Test
  void malformedValuesAreRefusedNamingTheDimensionAndTheValue() {
    refused("-Dmatrix.users=1,four: 'four' is not a whole number", "matrix.users", "1,four");
    refused("-Dmatrix.users=0,4: '0' must be >= 1", "matrix.users", "0,4");
    refused("-Dmatrix.batch.size=16384,-1: '-1' must be >= 0", "matrix.batch.size", "16384,-1");
    refused(
        "-Dmatrix.compression.type=none,brotli: 'brotli' is not one of none, gzip, snappy, lz4, zstd",
        "matrix.compression.type",
        "none,brotli");
    refused("-Dmatrix.acks=1,2: '2' is not one of 0, 1, all, -1", "matrix.acks", "1,2");
    refused(
        "-Dmatrix.enable.idempotence=yes: 'yes' is not one of true, false",
        "matrix.enable.idempotence",
        "yes");
    refused(
        "-Dmatrix.mode=sync,later: 'later' is not one of sync, async", "matrix.mode", "sync,later");
    refused(
        "-Dmatrix.topic.replication=1,,2 has an empty value", "matrix.topic.replication", "1,,2");
    refused("-Dmatrix.topic.partitions=4,4 lists '4' twice", "matrix.topic.partitions", "4,4");
    refused(
        "-Dmatrix.recordSize=9999999999: '9999999999' is too large",
        "matrix.recordSize",
        "9999999999");
    refused("-Dacks=2: '2' is not one of 0, 1, all, -1", "acks", "2");
    refused("-Dwarmup=soon is not a whole number", "warmup", "soon");
    refused("-Dduration=0 must be >= 1", "duration", "0");
    refused("-Dmatrix.preset=huge is not a preset (one of default, seed)", "matrix.preset", "huge");
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> parse("matrix.user", "1,4"));
    assertTrue(
        e.getMessage()
            .startsWith(
                "-Dmatrix.user is not a matrix dimension (one of matrix.recordSize, matrix.users,"),
        e.getMessage());
  }

  @Test
  void badInputEndsTheCommandBeforeAnythingStarts() throws Exception {
    Path out = Files.createTempDirectory("matrix").resolve("out");
    assertEquals(2, Matrix.execute(Map.of("matrix.out", out.toString(), "matrix.users", "1,four")));
    assertFalse(Files.exists(out), "no broker, no run, no output");
  }

  @Test
  void presetsAndOverrides() {
    MatrixGrid def = parse();
    assertEquals(8, def.cells().size());
    assertEquals(
        List.of(Dimension.USERS, Dimension.BATCH_SIZE, Dimension.REPLICATION), def.varying());
    assertEquals(2, def.maxReplication());
    assertEquals(List.of(10, 20), List.of(def.warmupSeconds(), def.durationSeconds()));

    MatrixGrid seed = parse("matrix.preset", "seed");
    assertEquals(72, seed.cells().size());
    assertEquals(List.of("none", "gzip", "snappy"), seed.values().get(Dimension.COMPRESSION));

    // A list replaces the preset's; a plain simulation property fixes its dimension; anything else
    // passes through.
    MatrixGrid g =
        parse(
            "matrix.users",
            " 1, 4 ,16",
            "acks",
            "all",
            "fireAndForget",
            "true",
            "key",
            "random",
            "duration",
            "5",
            "matrix.out",
            "x");
    assertEquals(List.of("1", "4", "16"), g.values().get(Dimension.USERS));
    assertEquals(List.of("all"), g.values().get(Dimension.ACKS));
    assertEquals(List.of("async"), g.values().get(Dimension.MODE));
    assertEquals(Map.of("key", "random"), g.passThrough());
    assertEquals(5, g.durationSeconds());
    assertEquals("x", g.outDir());
  }

  @Test
  void aCellIsOneSetOfSimulationProperties() {
    MatrixGrid g =
        parse(
            "matrix.users",
            "1,4",
            "matrix.acks",
            "1,all",
            "matrix.enable.idempotence",
            "true",
            "matrix.mode",
            "async",
            "matrix.topic.replication",
            "1",
            "matrix.batch.size",
            "512",
            "retries",
            "3");
    List<Cell> cells = g.cells();
    assertEquals(4, cells.size());
    // acks is declared before the other varying dimension... users varies slowest, acks fastest.
    assertEquals("users=1 acks=1", cells.get(0).label(g.varying()));
    assertEquals(
        "enable.idempotence=true needs acks=all (Kafka refuses acks=1)",
        cells.get(0).invalidReason());
    Cell ok = cells.get(3);
    assertNull(ok.invalidReason());
    Map<String, String> p = new Matrix(g).cellProperties(ok, "host:9092", "t");
    assertEquals("4", p.get("users"));
    assertEquals("all", p.get("acks"));
    assertEquals("true", p.get("fireAndForget"));
    assertEquals("true", p.get("enable.idempotence"));
    assertEquals("3", p.get("retries"), "the user's retries win over the idempotent default");
    assertEquals("host:9092", p.get("kafka.bootstrap.servers"));
    assertEquals("false", p.get("topic.create"));
    assertEquals("0", p.get("gate.minRps"), "the matrix measures; it does not gate on rate");
    assertFalse(p.containsKey("mode"));
  }
}
