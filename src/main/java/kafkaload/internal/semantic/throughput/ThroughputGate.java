package kafkaload.internal.semantic.throughput;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * One throughput gate as judged, in a protocol's results ({@code throughputGates}): the rate of a
 * request's acked records over its own window and the bound, with the window named. The measured
 * window is written flat.
 *
 * @param request the request judged ("send")
 * @param gate the verdict's Gatling request, the one {@code Gates.on(..)} asserts
 * @param minMsgsPerSec the bound
 * @param measured the request's acks over the window
 * @param passed the verdict; null when an injector of a distributed run left it to the merge
 * @param verdict the verdict in words, as the gate's KO message says it
 */
@RecordBuilder
public record ThroughputGate(
    String request,
    String gate,
    double minMsgsPerSec,
    @JsonUnwrapped Measured measured,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean passed,
    String verdict)
    implements ThroughputGateBuilder.With {

  /**
   * A request's acks over its window.
   *
   * @param acked the request's acked records
   * @param msgsPerSec their rate over the window; null with fewer than two acks
   * @param seconds the window's length
   * @param firstAckMillis the window's start: the request's first ack (epoch ms); null without acks
   * @param lastAckMillis its end: the request's last ack
   * @param window which window, in words ("first ack to last ack")
   */
  public record Measured(
      long acked,
      Double msgsPerSec,
      double seconds,
      Long firstAckMillis,
      Long lastAckMillis,
      String window) {}
}
