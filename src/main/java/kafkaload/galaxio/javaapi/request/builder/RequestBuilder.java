package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.javaapi.core.ActionBuilder;
import java.util.List;
import kafkaload.KafkaSendActionBuilder;

/**
 * galaxio's produce-only request, run as this project's ack-timed send ({@code
 * kafkaload.KafkaSendActionBuilder}): one record per execution, its response time from the send to
 * the broker's ack.
 */
public class RequestBuilder<K, V> implements ActionBuilder {
  private final String what;
  private final List<String> topics;
  private final KafkaSendActionBuilder send;

  RequestBuilder(String what, List<String> topics, KafkaSendActionBuilder send) {
    this.what = what;
    this.topics = topics;
    this.send = send;
  }

  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return new Deferred(what, topics, settings -> send);
  }
}
