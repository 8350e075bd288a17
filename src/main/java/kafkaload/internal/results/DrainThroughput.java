package kafkaload.internal.results;

/**
 * A drain's figures (the consumer-throughput test): topic, "assign" or "subscribe", consumers,
 * records read of those expected, time, rates, fetch time; with a group its join, rebalances and
 * their time (null when assigned), and records read again.
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
    Double groupJoinSeconds,
    Long rebalancesAfterJoin,
    Double rebalanceSeconds,
    long readAgainAfterRebalance) {}
