package kafkaload.internal.results;

/**
 * The figures of a drain (the consumer-throughput test): the topic, how it was read ("assign" or
 * "subscribe") by how many consumers, records read of those expected, over how long, the rates,
 * time in fetch, and with a group: the join, the rebalances after it and their time (null with
 * static assignment), and records read again after one.
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
