package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A feeder file (-Dfeeder) is checked when the knobs are read: before any load. */
class FeederFileTest {
  @Test
  void aFeederFileWithoutItsHeaderIsNamedWithItsFirstLine(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("orders.csv");
    Files.writeString(csv, "order-1,amount=10\norder-2,amount=20\n");
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> FeederFile.of(csv.toString()));
    assertEquals(
        "Feeder file '"
            + csv
            + "' (-Dfeeder) needs a header line with a 'key' and/or 'value' column; its first"
            + " line is: order-1,amount=10",
        e.getMessage());
  }

  @Test
  void anEmptyFeederFileIsNamed(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("empty.csv");
    Files.writeString(csv, "");
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> FeederFile.of(csv.toString()));
    assertEquals(
        "Feeder file '"
            + csv
            + "' (-Dfeeder) needs a header line with a 'key' and/or 'value' column; the file is"
            + " empty",
        e.getMessage());
  }

  @Test
  void aHeaderNamesTheColumns(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("ok.csv");
    Files.writeString(csv, "key , value\nk,v\n");
    assertEquals(List.of("key", "value"), FeederFile.of(csv.toString()).columns());
  }
}
