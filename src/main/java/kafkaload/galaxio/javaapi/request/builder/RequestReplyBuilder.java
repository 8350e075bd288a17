package kafkaload.galaxio.javaapi.request.builder;

import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import kafkaload.KafkaSendActionBuilder;
import kafkaload.RequestReplyActionBuilder;
import kafkaload.galaxio.javaapi.checks.SimpleCheck;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * galaxio's request-reply, run as this project's ({@code kafkaload.RequestReplyActionBuilder}): the
 * reply awaited before the request is sent, matched as the galaxio protocol says (by key unless
 * {@code matchByValue()} or {@code matchByMessage(f)}), within its timeout, then checked.
 * Immutable: {@link #check} returns a new builder.
 */
public class RequestReplyBuilder<K, V> implements ActionBuilder {
  private final String what;
  private final String requestTopic;
  private final List<String> topics;
  private final KafkaSendActionBuilder request;
  private final String replyTopic;
  private final List<CheckBuilder> checks;

  RequestReplyBuilder(
      String what,
      String requestTopic,
      List<String> topics,
      KafkaSendActionBuilder request,
      String replyTopic,
      List<CheckBuilder> checks) {
    this.what = what;
    this.requestTopic = requestTopic;
    this.topics = topics;
    this.request = request;
    this.replyTopic = replyTopic;
    this.checks = List.copyOf(checks);
  }

  /**
   * Checks on the reply: Gatling's checks ({@code jsonPath("$.m").is("dkf")}, {@code bodyString()},
   * ...) on its value, and galaxio's {@code simpleCheck(f)} on the whole message; a failing one is
   * a KO with Gatling's message. A check type Kafka records do not have is refused here.
   */
  public RequestReplyBuilder<K, V> check(CheckBuilder... checks) {
    return check(Arrays.asList(checks));
  }

  public RequestReplyBuilder<K, V> check(List<CheckBuilder> more) {
    List<CheckBuilder> all = new ArrayList<>(checks);
    all.addAll(more);
    request.replyOn(replyTopic).check(projectChecks(all)); // refused now, where they are named
    return new RequestReplyBuilder<>(what, requestTopic, topics, request, replyTopic, all);
  }

  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return new Deferred(what, topics, this::action);
  }

  RequestReplyActionBuilder action(Optional<BuiltProtocols.Settings> settings) {
    Matching matching = settings.map(BuiltProtocols.Settings::matching).orElse(Matching.KEY);
    RequestReplyActionBuilder rr = request.replyOn(replyTopic);
    rr =
        switch (matching) {
          case KEY -> rr; // this project's default
          case VALUE -> rr.matchValue();
          case MESSAGE -> rr.match(byMessage(settings.get().extractor()));
        };
    return checks.isEmpty() ? rr : rr.check(projectChecks(checks));
  }

  /** galaxio's simpleCheck as this project's, on the reply as a galaxio message. */
  private List<CheckBuilder> projectChecks(List<CheckBuilder> galaxio) {
    return galaxio.stream()
        .map(
            c ->
                c instanceof SimpleCheck s
                    ? kafkaload.KafkaDsl.simpleCheck(
                        reply -> s.test(KafkaProtocolMessage.from(reply, requestTopic)))
                    : c)
        .toList();
  }

  /**
   * galaxio's {@code matchByMessage(f)}: a reply matches when {@code f} gives equal bytes for the
   * request and the reply (called per request and reply the matching sees).
   */
  BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> byMessage(
      scala.Function1<KafkaProtocolMessage, byte[]> f) {
    return (req, rep) ->
        equal(
            f.apply(KafkaProtocolMessage.request(req, replyTopic)),
            f.apply(KafkaProtocolMessage.from(rep, req.topic())));
  }

  /** Equal bytes; null (no key, no extract) matches nothing. */
  private static boolean equal(byte[] a, byte[] b) {
    return a != null && b != null && Arrays.equals(a, b);
  }
}
