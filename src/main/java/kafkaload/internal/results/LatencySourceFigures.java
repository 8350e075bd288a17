package kafkaload.internal.results;

import java.util.Map;

/**
 * Where the ack latency comes from, over the load only: the ack latency per request (p50, p99,
 * max), the broker's round trip (the producer's request-latency), time in the producer's buffer
 * (record-queue-time), and the injector's share. Null figures: the run had no such sample.
 */
public record LatencySourceFigures(
    Map<String, Ack> ackLatencyMs,
    Broker broker,
    ProducerBuffer producerBuffer,
    Injector injector,
    int loadSeconds) {

  public record Ack(Double p50, Double p99, Double max) {}

  public record Broker(Double requestLatencyAvgMs, Double requestLatencyMaxMs) {}

  public record ProducerBuffer(Double recordQueueTimeAvgMs, Double recordQueueTimeMaxMs) {}

  public record Injector(
      double publishDelayP99Ms,
      double publishDelayMaxMs,
      Double eventLoopDelayP99Ms,
      Double eventLoopDelayMaxMs,
      double gcPauseTotalMs,
      Double gcPauseMaxMs) {}
}
