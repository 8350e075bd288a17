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
  private final List<String> topics;
  private final KafkaSendActionBuilder request;
  private final String replyTopic;
  private final List<CheckBuilder> checks;

  RequestReplyBuilder(
      String what,
      List<String> topics,
      KafkaSendActionBuilder request,
      String replyTopic,
      List<CheckBuilder> checks) {
    this.what = what;
    this.topics = topics;
    this.request = request;
    this.replyTopic = replyTopic;
    this.checks = List.copyOf(checks);
  }

  /**
   * Checks on the reply: Gatling's checks ({@code jsonPath("$.m").is("dkf")}, {@code bodyString()},
   * ...) on its value, and galaxio's {@code simpleCheck(f)}; a failing one is a KO with its reason.
   */
  public RequestReplyBuilder<K, V> check(CheckBuilder... checks) {
    return check(Arrays.asList(checks));
  }

  public RequestReplyBuilder<K, V> check(List<CheckBuilder> more) {
    List<CheckBuilder> all = new ArrayList<>(checks);
    all.addAll(more);
    return new RequestReplyBuilder<>(what, topics, request, replyTopic, all);
  }

  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return new Deferred(what, topics, this::action);
  }

  private RequestReplyActionBuilder action(Optional<BuiltProtocols.Settings> settings) {
    List<SimpleCheck> simple = new ArrayList<>();
    List<CheckBuilder> gatling = new ArrayList<>();
    for (CheckBuilder c : checks) {
      if (c instanceof SimpleCheck s) {
        simple.add(s);
      } else {
        gatling.add(c);
      }
    }
    Matching matching = settings.map(BuiltProtocols.Settings::matching).orElse(Matching.KEY);
    RequestReplyActionBuilder rr = request.replyOn(replyTopic);
    if (matching == Matching.MESSAGE || !simple.isEmpty()) {
      rr = rr.match(matcher(settings, matching, simple));
    } else if (matching == Matching.VALUE) {
      rr = rr.matchValue();
    }
    return GatlingChecks.on(rr, gatling);
  }

  /**
   * The match as a function: galaxio's matching, then its simple checks on the matched reply (a
   * failing one throws, which this project records as the user's KO with the reason).
   */
  private BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> matcher(
      Optional<BuiltProtocols.Settings> settings, Matching matching, List<SimpleCheck> simple) {
    BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> same =
        switch (matching) {
          case KEY -> (req, rep) -> equal(req.key(), rep.key());
          case VALUE -> (req, rep) -> equal(req.value(), rep.value());
          case MESSAGE -> {
            scala.Function1<KafkaProtocolMessage, byte[]> f = settings.get().extractor();
            yield (req, rep) ->
                equal(
                    f.apply(KafkaProtocolMessage.request(req, replyTopic)),
                    f.apply(KafkaProtocolMessage.from(rep, req.topic())));
          }
        };
    return (req, rep) -> {
      if (!same.test(req, rep)) {
        return false;
      }
      KafkaProtocolMessage reply = KafkaProtocolMessage.from(rep, req.topic());
      for (int i = 0; i < simple.size(); i++) {
        if (!simple.get(i).test(reply)) {
          throw new IllegalStateException(
              "galaxio simpleCheck(..) "
                  + (i + 1)
                  + " of "
                  + simple.size()
                  + " failed on the reply");
        }
      }
      return true;
    };
  }

  /** Equal bytes; null (no key, no extract) matches nothing. */
  private static boolean equal(byte[] a, byte[] b) {
    return a != null && b != null && Arrays.equals(a, b);
  }
}
