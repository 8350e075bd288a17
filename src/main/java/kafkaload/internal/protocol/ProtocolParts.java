package kafkaload.internal.protocol;

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
public record ProtocolParts(
    Access access,
    Producers producers,
    Topics topics,
    Requests requests,
    LagSettings lag,
    ParamSnapshot params) {
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
    return with(new Access(v, access.client()));
  }

  public ProtocolParts with(ClientProperties v) {
    return with(new Access(access.target(), v));
  }

  public ProtocolParts with(Access v) {
    return new ProtocolParts(v, producers, topics, requests, lag, params);
  }

  public ProtocolParts with(Producers v) {
    return new ProtocolParts(access, v, topics, requests, lag, params);
  }

  public ProtocolParts with(Topics v) {
    return new ProtocolParts(access, producers, v, requests, lag, params);
  }

  public ProtocolParts with(TopicPlan v) {
    return with(topics.withPlan(v));
  }

  public ProtocolParts with(Requests v) {
    return new ProtocolParts(access, producers, topics, v, lag, params);
  }

  public ProtocolParts with(LagSettings v) {
    return new ProtocolParts(access, producers, topics, requests, v, params);
  }

  public ProtocolParts withParams(ParamSnapshot v) {
    return new ProtocolParts(access, producers, topics, requests, lag, v);
  }
}
