package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.javaapi.core.CheckBuilder;
import java.util.List;
import kafkaload.RequestReplyActionBuilder;
import kafkaload.internal.config.KafkaLoadConfigException;

/** Gatling's own checks on a galaxio reply, through this project's request-reply checks. */
final class GatlingChecks {
  private GatlingChecks() {}

  static RequestReplyActionBuilder on(RequestReplyActionBuilder rr, List<CheckBuilder> checks) {
    if (checks.isEmpty()) {
      return rr;
    }
    throw new KafkaLoadConfigException(
        "galaxio check(..) with Gatling's checks needs RequestReplyActionBuilder#check(CheckBuilder...)");
  }
}
