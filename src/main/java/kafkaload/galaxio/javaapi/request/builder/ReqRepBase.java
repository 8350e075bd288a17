package kafkaload.galaxio.javaapi.request.builder;

import kafkaload.galaxio.javaapi.request.expressions.JExpression;
import kafkaload.internal.config.KafkaLoadConfigException;

/** galaxio's {@code kafka(name).requestReply()}: the request topic comes next. */
public class ReqRepBase {
  private final String requestName;

  ReqRepBase(String requestName) {
    this.requestName = requestName;
  }

  /** The topic requests are sent to, Gatling EL. */
  public RRInTopicStep requestTopic(String requestTopic) {
    Values.topic(requestTopic); // checked here, where the simulation names it
    return new RRInTopicStep(requestName, requestTopic, null);
  }

  /** The topic requests are sent to, per session. */
  public RRInTopicStep requestTopic(JExpression<String> requestTopic) {
    if (requestTopic == null) {
      throw new KafkaLoadConfigException(
          "galaxio kafka(\"" + requestName + "\").requestReply().requestTopic(f): f is null");
    }
    return new RRInTopicStep(requestName, null, requestTopic);
  }
}
