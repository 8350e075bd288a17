package kafkaload.internal.protocol;

import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.ParamSnapshot;

/**
 * Everything a protocol builder was told, in small immutable parts; a builder method replaces one
 * part. {@link ProtocolResolver} resolves them against the -D properties and the environment.
 *
 * @param params the simulation's parameter snapshot, or null to take one when the protocol is built
 */
public record ProtocolParts(
    Target target,
    ClientProperties client,
    Producers producers,
    Topics topics,
    Requests requests,
    LagSettings lag,
    ParamSnapshot params) {
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

  public ProtocolParts with(Target v) {
    return new ProtocolParts(v, client, producers, topics, requests, lag, params);
  }

  public ProtocolParts with(ClientProperties v) {
    return new ProtocolParts(target, v, producers, topics, requests, lag, params);
  }

  public ProtocolParts with(Producers v) {
    return new ProtocolParts(target, client, v, topics, requests, lag, params);
  }

  public ProtocolParts with(Topics v) {
    return new ProtocolParts(target, client, producers, v, requests, lag, params);
  }

  public ProtocolParts with(TopicPlan v) {
    return with(topics.withPlan(v));
  }

  public ProtocolParts with(Requests v) {
    return new ProtocolParts(target, client, producers, topics, v, lag, params);
  }

  public ProtocolParts with(LagSettings v) {
    return new ProtocolParts(target, client, producers, topics, requests, v, params);
  }

  public ProtocolParts withParams(ParamSnapshot v) {
    return new ProtocolParts(target, client, producers, topics, requests, lag, v);
  }
}
