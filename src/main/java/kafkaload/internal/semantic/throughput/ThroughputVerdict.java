package kafkaload.internal.semantic.throughput;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.LongStream;
import kafkaload.internal.results.Throughput;

/**
 * The throughput gate's verdict, shared by the verdict step of one JVM and the merge of a
 * distributed run, so both judge alike: a request's acked records over its own window, from its
 * first ack to its last (the rate {@code throughput.byRequest} shows), against the bound.
 */
public final class ThroughputVerdict {
  /** The window of one JVM's request. */
  public static final String WINDOW = "first ack to last ack";

  private ThroughputVerdict() {}

  /** The window of a merged run: the first ack of any injector to the last of any. */
  public static String mergedWindow(int injectors) {
    return "first ack to last ack of " + injectors + " injector" + (injectors == 1 ? "" : "s");
  }

  /**
   * Judges {@code request}'s acks ({@code t}, null when the run has no request of that name)
   * against {@code min} msg/s over {@code window}.
   */
  public static ThroughputGate judge(
      String request, double min, Throughput.RequestThroughput t, String window) {
    Double rate = t == null ? null : t.rate().msgsPerSec();
    Boolean passed = rate != null && rate >= min;
    String verdict =
        t == null
            ? "%s: cannot be judged against %s msg/s: no request of this name sent records in the run"
                .formatted(request, number(min))
            : rate == null
                ? "%s: cannot be judged against %s msg/s: %s record%s acked, and a rate needs two acks at different times"
                    .formatted(request, number(min), t.acked(), t.acked() == 1 ? "" : "s")
                : String.format(
                    Locale.ROOT,
                    "%s: %s msg/s over %.1f s (%s) %s %s",
                    request,
                    rate(rate, min),
                    t.rate().firstToLastAckSeconds(),
                    window,
                    passed ? ">=" : "<",
                    number(min));
    return new ThroughputGate(
        request,
        ThroughputGateSpec.gateRequest(request, min),
        min,
        t == null
            ? new ThroughputGate.Measured(0, null, 0, null, null, window)
            : new ThroughputGate.Measured(
                t.acked(),
                rate,
                t.rate().firstToLastAckSeconds(),
                t.rate().firstAckMillis(),
                t.rate().lastAckMillis(),
                window),
        passed,
        verdict);
  }

  /** What an injector of a distributed run records: the gate, left to the merge. */
  public static ThroughputGate deferred(
      String request, double min, Throughput.RequestThroughput t) {
    return judge(request, min, t, WINDOW)
        .withPassed(null)
        .withVerdict("left to the merge, which judges the rate over every injector's acks");
  }

  /**
   * One request's acks over several injectors: the records added up, over the union of their
   * windows (the first ack of any to the last of any); null when none has the request.
   */
  public static Throughput.RequestThroughput union(List<Throughput.RequestThroughput> parts) {
    List<Throughput.RequestThroughput> present = parts.stream().filter(Objects::nonNull).toList();
    if (present.isEmpty()) {
      return null;
    }
    long acked = present.stream().mapToLong(Throughput.RequestThroughput::acked).sum();
    long bytes = present.stream().mapToLong(Throughput.RequestThroughput::bytes).sum();
    long first = acks(present, Throughput.AckRate::firstAckMillis).min().orElse(0);
    long last = acks(present, Throughput.AckRate::lastAckMillis).max().orElse(0);
    return new Throughput.RequestThroughput(
        acked, bytes, Throughput.span(acked, bytes, first, last));
  }

  /** The ack times of the requests that have one. */
  private static LongStream acks(
      List<Throughput.RequestThroughput> ts, Function<Throughput.AckRate, Long> at) {
    return ts.stream().map(t -> at.apply(t.rate())).filter(Objects::nonNull).mapToLong(x -> x);
  }

  /** 5,000 or 0.5: grouped, without a fraction when there is none. */
  static String number(double v) {
    return v == Math.rint(v)
        ? String.format(Locale.ROOT, "%,.0f", v)
        : java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /** The rate as shown: whole above 100 msg/s, but never rounded onto the bound it missed. */
  static String rate(double rate, double min) {
    String shown =
        rate >= 100
            ? String.format(Locale.ROOT, "%,.0f", rate)
            : String.format(Locale.ROOT, "%,.1f", rate);
    return shown.equals(number(min)) && rate != min
        ? String.format(Locale.ROOT, "%,.3f", rate)
        : shown;
  }
}
