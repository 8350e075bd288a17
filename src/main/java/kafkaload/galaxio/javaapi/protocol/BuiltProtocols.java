package kafkaload.galaxio.javaapi.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import kafkaload.galaxio.request.KafkaProtocolMessage;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * The galaxio protocols whose {@code protocol()} Gatling took in this JVM (this port's, not
 * galaxio's). galaxio sets how replies are matched on the protocol, this project on each
 * request-reply: a galaxio request-reply reads it from here when Gatling builds it, after the
 * simulation named its protocols. Gatling runs one simulation per JVM.
 */
public final class BuiltProtocols {
  /** How galaxio matches a reply to its request. */
  public enum Matching {
    /** The reply's key equals the request's (galaxio's default). */
    KEY,
    /** The reply's value equals the request's ({@code matchByValue()}). */
    VALUE,
    /** The extractor's bytes of both are equal ({@code matchByMessage(f)}). */
    MESSAGE
  }

  /**
   * What a galaxio request needs of its protocol.
   *
   * @param protocol the project's protocol it built
   * @param matching how replies are matched
   * @param extractor the function of {@code matchByMessage(f)}, else null
   */
  public record Settings(
      kafkaload.KafkaProtocolBuilder protocol,
      Matching matching,
      scala.Function1<KafkaProtocolMessage, byte[]> extractor) {}

  private static final List<Object> OWNERS = new ArrayList<>();
  private static final List<Settings> BUILT = new ArrayList<>();

  private BuiltProtocols() {}

  /** Records the protocol a galaxio protocol builder handed Gatling. */
  static synchronized void built(Object owner, Settings settings) {
    for (int i = 0; i < OWNERS.size(); i++) {
      if (OWNERS.get(i) == owner) {
        BUILT.set(i, settings);
        return;
      }
    }
    OWNERS.add(owner);
    BUILT.add(settings);
  }

  /** Forgets every protocol: for tests that build several in one JVM. */
  static synchronized void forget() {
    OWNERS.clear();
    BUILT.clear();
  }

  /**
   * The one galaxio protocol of this run, empty when the simulation uses none (the project's own
   * {@code kafka()} then applies, with its defaults); refused when there are several, which this
   * port cannot tell apart, naming {@code what} asked.
   */
  public static synchronized Optional<Settings> current(String what) {
    if (BUILT.size() > 1) {
      throw new KafkaLoadConfigException(
          what
              + ": this simulation uses "
              + BUILT.size()
              + " galaxio protocols; galaxio sets the reply timeout and matching on each protocol,"
              + " and this port ties its requests to one: use one galaxio protocol per simulation");
    }
    return BUILT.isEmpty() ? Optional.empty() : Optional.of(BUILT.get(0));
  }
}
