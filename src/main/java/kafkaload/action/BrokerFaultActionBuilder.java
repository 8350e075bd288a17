package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import kafkaload.broker.EmbeddedCluster;
import kafkaload.broker.FaultPlan;
import kafkaload.config.KafkaLoadConfigException;
import kafkaload.protocol.KafkaComponents;

/** The broker faults of a run ({@code brokerFaults(plan)}): one action that carries out the whole plan. */
public final class BrokerFaultActionBuilder implements KafkaActionBuilder {
  private final FaultPlan plan;

  public BrokerFaultActionBuilder(FaultPlan plan) {
    this.plan = plan;
  }

  @Override
  public Action build(KafkaComponents components, ScenarioContext ctx, Action next) {
    EmbeddedCluster cluster = components.protocol().embeddedCluster();
    if (cluster == null) {
      throw new KafkaLoadConfigException("Broker faults (" + plan + ") act on embedded brokers run as child "
          + "processes: set -Dkafka.embedded.brokers=N (or kafka().embeddedBrokers(N)) and leave "
          + "kafka.bootstrap.servers unset");
    }
    plan.check(cluster.size(), 0);
    return new BrokerFaultAction(components, next, cluster, plan);
  }
}
