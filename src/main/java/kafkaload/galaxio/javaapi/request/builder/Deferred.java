package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import kafkaload.PrefilledTopic;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * A galaxio action, made when Gatling builds the scenario: by then the simulation has named its
 * protocol, whose reply matching the action takes. Before that, the topics it names must exist:
 * galaxio lets the broker auto-create them, this project never does, so it refuses before any load.
 */
final class Deferred implements io.gatling.core.action.builder.ActionBuilder {
  /** Topics found, so a scenario naming one topic many times asks the cluster once. */
  private static final Set<String> FOUND = ConcurrentHashMap.newKeySet();

  private final String what;
  private final List<String> topics;
  private final Function<Optional<BuiltProtocols.Settings>, io.gatling.javaapi.core.ActionBuilder>
      make;

  Deferred(
      String what,
      List<String> topics,
      Function<Optional<BuiltProtocols.Settings>, io.gatling.javaapi.core.ActionBuilder> make) {
    this.what = what;
    this.topics = topics;
    this.make = make;
  }

  @Override
  public Action build(ScenarioContext ctx, Action next) {
    Optional<BuiltProtocols.Settings> settings = BuiltProtocols.current(what);
    settings.ifPresent(s -> topics.forEach(t -> mustExist(s.protocol(), t)));
    return make.apply(settings).asScala().build(ctx, next);
  }

  private void mustExist(kafkaload.KafkaProtocolBuilder protocol, String topic) {
    if (FOUND.contains(topic)) {
      return;
    }
    try {
      PrefilledTopic.existing(protocol, topic, 1);
      FOUND.add(topic);
    } catch (KafkaLoadConfigException e) {
      if (e.getMessage() == null || !e.getMessage().contains("does not exist")) {
        throw e;
      }
      throw new KafkaLoadConfigException(
          what
              + ": topic '"
              + topic
              + "' does not exist. galaxio lets the broker auto-create the topics it sends to and"
              + " reads from; this project never does (a topic gets the partitions you choose):"
              + " create it before the run, e.g. kafka-topics.sh --bootstrap-server <servers>"
              + " --create --topic "
              + topic,
          e);
    }
  }
}
