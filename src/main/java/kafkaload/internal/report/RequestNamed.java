package kafkaload.internal.report;

/**
 * A Kafka action builder's name: every request its action records starts with it ("order", "order
 * commit", "order drained"). Verdicts record under "kafka " ({@link SimulationNames}).
 */
public interface RequestNamed {
  String requestPrefix();
}
