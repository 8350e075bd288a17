package kafkaload;

import java.util.List;
import java.util.function.Supplier;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.throughput.ThroughputGateSpec;
import kafkaload.internal.semantic.throughput.ThroughputVerdictAction;

/**
 * {@code throughputVerdict(minMsgsPerSec)}: after the load, judges each measured request's rate
 * over its own window, from its first ack to its last (the rate the Kafka page and {@code
 * throughput.byRequest} show), and records one request per request judged, "kafka throughput: send
 * &gt;= 5000 msg/s (first ack to last ack)", KO with the rate, the window and the bound; {@link
 * Gates#on} judges it. A request that sent no records, or too few for a rate, is KO too. In a
 * distributed run the merge judges the rate over every injector's acks. Every call returns a new
 * builder.
 */
public final class ThroughputVerdictActionBuilder extends SpecStep {
  private final ThroughputGateSpec spec;

  ThroughputVerdictActionBuilder(double minMsgsPerSec) {
    this(checked(() -> new ThroughputGateSpec(minMsgsPerSec, List.of())));
  }

  private ThroughputVerdictActionBuilder(ThroughputGateSpec spec) {
    super(() -> ThroughputVerdictAction.of(spec));
    this.spec = spec;
  }

  /** The spec {@code make} makes; a value it refuses is the run's config error. */
  private static ThroughputGateSpec checked(Supplier<ThroughputGateSpec> make) {
    try {
      return make.get();
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new KafkaLoadConfigException("throughputVerdict: " + e.getMessage(), e);
    }
  }

  /**
   * Judges these requests (default: every measured request that sent records, a name without the
   * "warm-up" prefix).
   */
  public ThroughputVerdictActionBuilder requests(String... names) {
    return new ThroughputVerdictActionBuilder(checked(() -> spec.withRequests(List.of(names))));
  }

  /**
   * The verdict's request for {@code requestName} and {@code minMsgsPerSec}, the one {@link
   * Gates#on} asserts: "kafka throughput: send &gt;= 5000 msg/s (first ack to last ack)".
   */
  public static String request(String requestName, double minMsgsPerSec) {
    return ThroughputGateSpec.gateRequest(requestName, minMsgsPerSec);
  }
}
