package kafkaload.internal.protocol;

import io.soabase.recordbuilder.core.RecordBuilder;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.ParamSnapshot;

/**
 * Everything a protocol builder was told, in small immutable parts; a builder method replaces one
 * part. {@link ProtocolResolver} resolves them against the -D properties and the environment.
 *
 * @param target where the clients connect
 * @param client the properties they are given
 * @param params the simulation's parameter snapshot, or null to take one when the protocol is built
 */
@RecordBuilder
public record ProtocolParts(
    Target target,
    ClientProperties client,
    Producers producers,
    Topics topics,
    Requests requests,
    LagSettings lag,
    ParamSnapshot params)
    implements ProtocolPartsBuilder.With {
  /** The embedded broker, the seed plan's producer defaults, one shared producer, no topic. */
  public static final ProtocolParts DEFAULT =
      new ProtocolParts(
          Target.EMBEDDED,
          ClientProperties.DEFAULT,
          Producers.SHARED,
          Topics.NONE,
          Requests.DEFAULT,
          LagSettings.NONE,
          null);

  public ProtocolParts with(TopicPlan v) {
    return withTopics(topics.withPlan(v));
  }
}
