package kafkaload.internal.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every request that sent or read records has its row, under its name and kind. */
class RequestLatencyTest {
  private static Percentiles ms(long count) {
    return new Percentiles(count, 2.0, 1.0, 1.5, 3.0, 4.0, 5.0, 6.0);
  }

  private static String shown(List<RequestLatency> rows) {
    return String.join(
        "; ",
        rows.stream()
            .map(
                r ->
                    r.request()
                        + " "
                        + r.kind()
                        + " "
                        + (r.ms() == null ? "-" : String.valueOf(r.ms().count())))
            .toList());
  }

  @Test
  void eachRequestHasOneRowOfItsKindWithOrWithoutFigures() {
    List<RequestLatency> rows =
        RequestLatency.rows(
            Map.of("send", ms(100)),
            Map.of("order", ms(40)),
            Map.of("read", ms(90)),
            // Every request that sent records: the timed send, the request-reply's and one whose
            // every reply failed its check, a fire-and-forget send.
            Set.of("send", "order", "order ko", "fire"),
            // Every consume and request-reply: one consume read nothing.
            Set.of("order", "order ko", "read", "read nothing"));
    assertEquals(
        "fire ack -; order send-to-reply 40; order ko send-to-reply -; read send-to-read 90;"
            + " read nothing send-to-read -; send ack 100",
        shown(rows));
  }

  @Test
  void aRunThatSentNothingHasNoRows() {
    assertEquals(List.of(), RequestLatency.rows(null, null, null, null, null));
  }
}
