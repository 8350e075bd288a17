package kafkaload.internal.semantic.throughput;

import java.math.BigDecimal;
import java.util.List;

/**
 * The throughput gate's settings: the least rate, in acked records per second over each request's
 * own window (its first ack to its last), and the requests judged; immutable.
 *
 * @param minMsgsPerSec the bound (&gt; 0)
 * @param requests the request names judged; empty: every measured request (a name without the
 *     warm-up prefix) that sent records
 */
public record ThroughputGateSpec(double minMsgsPerSec, List<String> requests) {
  /** The start of every verdict's request name. */
  public static final String PREFIX = "kafka throughput: ";

  public ThroughputGateSpec {
    if (!(minMsgsPerSec > 0) || Double.isInfinite(minMsgsPerSec)) {
      throw new IllegalArgumentException(
          "the throughput gate's bound must be a rate above 0 msg/s, not " + minMsgsPerSec);
    }
    requests = List.copyOf(requests);
    if (requests.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("the throughput gate names an empty request");
    }
  }

  public ThroughputGateSpec withRequests(List<String> names) {
    return new ThroughputGateSpec(minMsgsPerSec, names);
  }

  /**
   * The verdict's Gatling request for {@code request} and {@code minMsgsPerSec}, for example "kafka
   * throughput: send &gt;= 5000 msg/s (first ack to last ack)": the bound is in the name, so an
   * assertion and a verdict step with different bounds never meet (the gate fails unresolved).
   */
  public static String gateRequest(String request, double minMsgsPerSec) {
    String bound = BigDecimal.valueOf(minMsgsPerSec).stripTrailingZeros().toPlainString();
    return PREFIX + request + " >= " + bound + " msg/s (first ack to last ack)";
  }

  /** This gate's verdict request for {@code request}. */
  public String gateRequest(String request) {
    return gateRequest(request, minMsgsPerSec);
  }
}
