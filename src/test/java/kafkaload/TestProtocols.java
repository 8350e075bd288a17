package kafkaload;

import kafkaload.internal.protocol.KafkaProtocol;

/**
 * A builder's resolved protocol, as the tests inspect it: {@link KafkaProtocolBuilder#protocol()}
 * shows users only Gatling's {@code Protocol}.
 */
public final class TestProtocols {
  private TestProtocols() {}

  public static KafkaProtocol resolved(KafkaProtocolBuilder builder) {
    return builder.resolved();
  }
}
