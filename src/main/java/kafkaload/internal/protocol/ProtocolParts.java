package kafkaload.internal.protocol;

import io.soabase.recordbuilder.core.RecordBuilder;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.ParamSnapshot;

/**
 * Everything a protocol builder was told, in small immutable parts; a builder method replaces one
 * part. {@link ProtocolResolver} resolves them against the -D properties and the environment.
 *
 * @param access where the clients connect and with which properties
 * @param params the simulation's parameter snapshot, or null to take one when the protocol is built
 */
@RecordBuilder
public record ProtocolParts(
    Access access,
    Producers producers,
    Topics topics,
    Requests requests,
    LagSettings lag,
    ParamSnapshot params)
    implements ProtocolPartsBuilder.With {
  /** The embedded broker, the seed plan's producer defaults, one shared producer, no topic. */
  public static final ProtocolParts DEFAULT =
      new ProtocolParts(
          new Access(Target.EMBEDDED, ClientProperties.DEFAULT),
          Producers.SHARED,
          Topics.NONE,
          Requests.DEFAULT,
          LagSettings.NONE,
          null);

  /** Where the clients connect, and the properties they are given. */
  public record Access(Target target, ClientProperties client) {}

  public Target target() {
    return access.target();
  }

  public ClientProperties client() {
    return access.client();
  }

  public ProtocolParts with(Target v) {
    return withAccess(new Access(v, access.client()));
  }

  public ProtocolParts with(ClientProperties v) {
    return withAccess(new Access(access.target(), v));
  }

  public ProtocolParts with(TopicPlan v) {
    return withTopics(topics.withPlan(v));
  }
}
