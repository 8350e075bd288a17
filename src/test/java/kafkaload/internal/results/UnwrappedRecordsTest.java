package kafkaload.internal.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A record's {@code @JsonUnwrapped} groups: written flat, read back from the flat fields, an
 * unknown field still refused, and beside an any-setter the other fields kept there.
 */
public class UnwrappedRecordsTest {
  private static final ObjectMapper TREE = new ObjectMapper();

  public record Span(double first, Double last) {}

  public record Counts(long ok, long failed) {}

  public record Grouped(String name, @JsonUnwrapped Span span, @JsonUnwrapped Counts counts) {}

  private static final SectionType<Grouped> GROUPED =
      new SectionType<>("grouped", new TypeReference<>() {});

  private static Map<String, Object> flat(String json) throws Exception {
    return TREE.readValue(json, new TypeReference<>() {});
  }

  @Test
  void aGroupedRecordIsWrittenFlatAndReadBack() throws Exception {
    Grouped g = new Grouped("a", new Span(1.5, null), new Counts(3, 1));
    Map<String, Object> written =
        ResultsJson.convert(g, new SectionType<>("m", new TypeReference<Map<String, Object>>() {}));
    assertEquals(List.of("name", "first", "last", "ok", "failed"), List.copyOf(written.keySet()));
    assertEquals(g, ResultsJson.convert(written, GROUPED));
  }

  public record Stats<A, V>(@JsonProperty("Avg") A avg, @JsonProperty("Max") V max) {}

  public record Prefixed(
      @JsonUnwrapped(prefix = "each") Stats<List<Double>, List<Long>> each,
      @JsonUnwrapped(prefix = "all") Stats<Double, Long> all) {}

  @Test
  void aGenericGroupUnderAPrefixIsReadBackWithItsTypes() throws Exception {
    // OMB's result file: the same groups under prefixes, of lists per window and of figures.
    Prefixed r = new Prefixed(new Stats<>(List.of(1.5), List.of(7L)), new Stats<>(2.5, 9L));
    Map<String, Object> written =
        ResultsJson.convert(r, new SectionType<>("m", new TypeReference<Map<String, Object>>() {}));
    assertEquals(List.of("eachAvg", "eachMax", "allAvg", "allMax"), List.copyOf(written.keySet()));
    Prefixed back = ResultsJson.convert(written, new SectionType<>("p", new TypeReference<>() {}));
    assertEquals(r, back);
    assertEquals(Long.class, back.each().max().get(0).getClass());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ResultsJson.convert(
                    flat("{\"eachAvg\":[1],\"eachMax\":[2],\"allAvg\":1,\"Max\":2}"),
                    new SectionType<Prefixed>("p", new TypeReference<>() {})));
    assertTrue(e.getMessage().contains("\"Max\""), e.getMessage());
  }

  @Test
  void anUnknownFieldIsRefusedByName() throws Exception {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ResultsJson.convert(
                    flat("{\"name\":\"a\",\"first\":1,\"ok\":1,\"failed\":0,\"fialed\":2}"),
                    GROUPED));
    assertTrue(e.getMessage().contains("fialed"), e.getMessage());
  }

  @Test
  void anAbsentFieldReadsAsNullOrNaN() throws Exception {
    Grouped g = ResultsJson.convert(flat("{\"name\":\"a\",\"ok\":1,\"failed\":0}"), GROUPED);
    assertTrue(Double.isNaN(g.span().first()));
    assertNull(g.span().last());
    assertThrows(
        IllegalArgumentException.class,
        () -> ResultsJson.convert(flat("{\"name\":\"a\",\"ok\":1}"), GROUPED),
        "a long not given is refused, as without groups");
  }

  @Test
  void besideAnAnySetterTheOtherFieldsAreItsOwn() throws Exception {
    Map<String, Object> json =
        flat(
            "{\"config\":null,\"throughput\":null,\"partitions\":[],\"ackLatencyMs\":{},"
                + "\"reconciliation\":null,\"faults\":[],\"someSemantic\":{\"x\":1}}");
    ProtocolResults p =
        ResultsJson.convert(json, new SectionType<>("protocol", new TypeReference<>() {}));
    assertEquals(List.of(), p.sends().partitions());
    assertEquals(Map.of(), p.latencies().ackLatencyMs());
    assertEquals(Map.of("someSemantic", Map.of("x", 1)), p.sections());
  }
}
