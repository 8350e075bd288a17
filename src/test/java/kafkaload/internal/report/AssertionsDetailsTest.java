package kafkaload.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The baseline gate's verdicts land in the JUnit file's test cases about their request. */
class AssertionsDetailsTest {
  @Test
  void detailsGoToTheSystemOutOrTheFailureOfTheirRequestOnly() {
    String xml =
        """
        <testcase name="kafka baseline: p99: count of failed events is 0.0" status="false" time="0">
          <failure type="kafka baseline: p99: count of failed events is 0.0">Actual value: 1.0</failure>
        </testcase>
        <testcase name="kafka baseline: msg/s: count of failed events is 0.0" status="true" time="0">
          <system-out>kafka baseline: msg/s: count of failed events is 0.0</system-out>
        </testcase>
        <testcase name="send: 99th percentile" status="true" time="0">
          <system-out>send: 99th percentile</system-out>
        </testcase>
        """;
    String out =
        AssertionsJUnitReport.withDetails(
            xml,
            Map.of(
                "kafka baseline: p99",
                "7 ms -> 30 ms <REGRESSION>",
                "kafka baseline: msg/s",
                "ok"));
    assertEquals(
        xml.replace(
                "Actual value: 1.0<", "Actual value: 1.0&#10;7 ms -&gt; 30 ms &lt;REGRESSION&gt;<")
            .replace("events is 0.0</system-out>", "events is 0.0&#10;ok</system-out>"),
        out);
  }
}
