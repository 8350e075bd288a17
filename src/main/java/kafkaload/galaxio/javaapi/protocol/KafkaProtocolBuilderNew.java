package kafkaload.galaxio.javaapi.protocol;

import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import scala.Function1;

/**
 * The protocol of the Tinkoff plugin's request-reply ({@code
 * kafka().requestReply().producerSettings(..).consumeSettings(..).timeout(..)}); galaxio's {@link
 * KafkaProtocolBuilder} under the Tinkoff name, so both spellings hold it.
 */
public class KafkaProtocolBuilderNew extends KafkaProtocolBuilder {
  KafkaProtocolBuilderNew(
      kafkaload.KafkaProtocolBuilder protocol,
      Matching matching,
      Function1<KafkaProtocolMessage, byte[]> extractor) {
    super(protocol, matching, extractor);
  }

  @Override
  public KafkaProtocolBuilderNew matchByValue() {
    KafkaProtocolBuilder b = super.matchByValue();
    return new KafkaProtocolBuilderNew(b.protocol, b.matching, b.extractor);
  }

  @Override
  public KafkaProtocolBuilderNew matchByMessage(
      Function1<KafkaProtocolMessage, byte[]> keyExtractor) {
    KafkaProtocolBuilder b = super.matchByMessage(keyExtractor);
    return new KafkaProtocolBuilderNew(b.protocol, b.matching, b.extractor);
  }
}
