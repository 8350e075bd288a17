package kafkaload.galaxio.javaapi.protocol;

import io.gatling.core.protocol.Protocol;
import io.gatling.javaapi.core.ProtocolBuilder;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import kafkaload.internal.config.KafkaLoadConfigException;
import scala.Function1;

/**
 * galaxio's protocol over this project's ({@code kafkaload.KafkaProtocolBuilder}): its client
 * settings and reply timeout, and how its request-replies match replies (by key unless {@link
 * #matchByValue()} or {@link #matchByMessage}). Immutable: each method returns a new builder.
 */
public class KafkaProtocolBuilder implements ProtocolBuilder {
  final kafkaload.KafkaProtocolBuilder protocol;
  final Matching matching;
  final Function1<KafkaProtocolMessage, byte[]> extractor;

  KafkaProtocolBuilder(
      kafkaload.KafkaProtocolBuilder protocol,
      Matching matching,
      Function1<KafkaProtocolMessage, byte[]> extractor) {
    this.protocol = protocol;
    this.matching = matching;
    this.extractor = extractor;
  }

  /** A reply matches its request when their values are equal. */
  public KafkaProtocolBuilder matchByValue() {
    return new KafkaProtocolBuilder(protocol, Matching.VALUE, null);
  }

  /**
   * A reply matches its request when {@code keyExtractor} gives equal bytes for both (called on
   * each request sent and each reply read; null bytes match nothing).
   */
  public KafkaProtocolBuilder matchByMessage(Function1<KafkaProtocolMessage, byte[]> keyExtractor) {
    if (keyExtractor == null) {
      throw new KafkaLoadConfigException("galaxio matchByMessage(f): the function is null");
    }
    return new KafkaProtocolBuilder(protocol, Matching.MESSAGE, keyExtractor);
  }

  /** This project's protocol, as resolved and checked by {@code kafkaload.KafkaProtocolBuilder}. */
  @Override
  public Protocol protocol() {
    Protocol p = protocol.protocol();
    BuiltProtocols.built(this, new BuiltProtocols.Settings(protocol, matching, extractor));
    return p;
  }
}
