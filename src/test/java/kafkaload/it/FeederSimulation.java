package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Sends records whose key, value, headers, partition and timestamp come from a feeder, EL and
 * functions.
 */
public class FeederSimulation extends Simulation {
  static final int ROWS = 6;
  static final long BASE_TS = 1_700_000_000_000L;

  static List<Map<String, Object>> rows() {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          Map.of(
              "key",
              "k-" + i,
              "value",
              "v-" + i,
              "trace",
              "t-" + i,
              "partition",
              i % 3,
              "ts",
              BASE_TS + i));
    }
    return rows;
  }

  String topic = System.getProperty("topic");

  ScenarioBuilder scn =
      scenario("feeder")
          .repeat(ROWS)
          .on(
              feed(listFeeder(rows()).queue())
                  .exec(
                      kafka("el send")
                          .send("#{key}", "#{value}")
                          .header("trace", "#{trace}")
                          .header("fixed", "constant")
                          .partition("#{partition}")
                          .timestamp("#{ts}")))
          .exec(
              kafka("function send")
                  .send(
                      session -> "fk-" + session.userId(),
                      session -> ("fv-" + session.userId()).getBytes(StandardCharsets.UTF_8))
                  .header("h-fn", session -> "from-function")
                  .partition(session -> 2))
          .exec(kafka("json send").send("json-key", Map.of("id", 7, "name", "order")).partition(1))
          .exec(kafka("bytes send").send(new byte[] {1, 2, 3}).partition(0))
          .exec(session -> session.set("orderId", "o-42"))
          .exec(
              kafka("template send")
                  .send("tpl-key", templateBody("payloads/order-template.json"))
                  .partition(0))
          .exec(kafka("file send").send("file-key", fileBody("payloads/sample.json")).partition(0))
          // Mixed forms: a session function typed as Object, EL, and headers as a Map or as Kafka
          // Headers (galaxio's form).
          .exec(
              kafka("mixed send")
                  .send(keyFunction, "mixed-#{orderId}", Map.of("m", "#{orderId}"))
                  .partition(0))
          .exec(
              kafka("kafka headers send")
                  .send(
                      "kh-key",
                      "kh-value",
                      new RecordHeaders().add("kh", "kv".getBytes(StandardCharsets.UTF_8)))
                  .partition(0));

  static final Object keyFunction =
      (java.util.function.Function<Session, Object>) session -> "mk-" + session.userId();

  {
    // Run identity off: the records must carry exactly the headers given here, nothing added.
    setUp(scn.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(topic).runIdentity(false))
        .maxDuration(60);
  }
}
