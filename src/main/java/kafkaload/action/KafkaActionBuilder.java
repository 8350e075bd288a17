package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import io.gatling.javaapi.core.ActionBuilder;
import kafkaload.protocol.KafkaComponents;
import kafkaload.protocol.KafkaProtocol;

/**
 * The Java DSL side of every Kafka action: Gatling asks for a Scala builder; this one looks up the protocol's
 * components and hands them to {@link #build}, where each action checks its input and is created.
 */
interface KafkaActionBuilder extends ActionBuilder {
  Action build(KafkaComponents components, ScenarioContext ctx, Action next);

  @Override
  default io.gatling.core.action.builder.ActionBuilder asScala() {
    KafkaActionBuilder self = this;
    return new io.gatling.core.action.builder.ActionBuilder() {
      @Override
      public Action build(ScenarioContext ctx, Action next) {
        return self.build(ctx.protocolComponentsRegistry().components(KafkaProtocol.KEY), ctx, next);
      }
    };
  }
}
