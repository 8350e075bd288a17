package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A drain's figures (the consumer-throughput test): topic, "assign" or "subscribe", consumers,
 * records read of those expected, time, rates, fetch time, and the group's rebalancing (written
 * flat).
 */
public record DrainThroughput(
    String topic,
    String assignment,
    int consumers,
    long records,
    long expected,
    double seconds,
    double recordsPerSec,
    double mbPerSec,
    double fetchSeconds,
    @JsonUnwrapped Rebalancing rebalancing) {

  /**
   * With a group: its join, rebalances after it and their time (each null when assigned), and the
   * records read again after a rebalance.
   */
  public record Rebalancing(
      Double groupJoinSeconds,
      Long rebalancesAfterJoin,
      Double rebalanceSeconds,
      long readAgainAfterRebalance) {}
}
