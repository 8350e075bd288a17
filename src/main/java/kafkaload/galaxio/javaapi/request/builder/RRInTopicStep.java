package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.javaapi.core.Session;
import java.util.function.Function;
import kafkaload.internal.config.KafkaLoadConfigException;

/** galaxio's request-reply after its request topic: the reply topic comes next. */
public class RRInTopicStep {
  private final String requestName;
  private final String requestTopicEl;
  private final Function<Session, String> requestTopicFn;

  RRInTopicStep(
      String requestName, String requestTopicEl, Function<Session, String> requestTopicFn) {
    this.requestName = requestName;
    this.requestTopicEl = requestTopicEl;
    this.requestTopicFn = requestTopicFn;
  }

  /**
   * The topic replies are read from: a constant. galaxio resolves it as EL per session; this
   * project reads one reply topic per request-reply, known before the load, so EL is refused.
   */
  public RROutTopicStep replyTopic(String replyTopic) {
    if (replyTopic == null || replyTopic.isBlank()) {
      throw new KafkaLoadConfigException(where() + ".replyTopic(topic): the topic is empty");
    }
    if (replyTopic.contains("#{")) {
      throw perSession("replyTopic(\"" + replyTopic + "\")");
    }
    return new RROutTopicStep(requestName, requestTopicEl, requestTopicFn, replyTopic);
  }

  /** Refused: this project reads one reply topic per request-reply, known before the load. */
  public RROutTopicStep replyTopic(Function<Session, String> replyTopic) {
    throw perSession("replyTopic(session -> ..)");
  }

  private KafkaLoadConfigException perSession(String form) {
    return new KafkaLoadConfigException(
        where()
            + "."
            + form
            + ": galaxio resolves the reply topic per session; this project reads one reply topic"
            + " per request-reply, subscribed before the load: name it as a constant,"
            + " replyTopic(\"replies\")");
  }

  private String where() {
    return "galaxio kafka(\"" + requestName + "\").requestReply()";
  }
}
