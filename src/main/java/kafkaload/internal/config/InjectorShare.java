package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

/**
 * Which injector this JVM is: index {@code 0..count-1} and the shared run id (null for one JVM).
 * What must be unique derives from the index: sequences start at {@code index << 40}, identity
 * users are {@code user * count + index}, client ids carry it.
 */
public record InjectorShare(int index, int count, String runId) {
  /** Sequence numbers per injector: 2^40, a trillion records each, so the spaces never meet. */
  public static final int SEQUENCE_BITS = 40;

  /**
   * The most injectors one run may have: their sequence spaces must fit a long's positive range.
   */
  public static final int MAX_COUNT = 1 << (62 - SEQUENCE_BITS);

  /** One JVM, the whole run: no split, sequences from 0, users as Gatling numbers them. */
  public static final InjectorShare SINGLE = new InjectorShare(0, 1, null);

  public InjectorShare {
    refuseIf(
        count < 1 || count > MAX_COUNT, "injector count " + count + " must be 1 to " + MAX_COUNT);
    refuseIf(
        index < 0 || index >= count,
        "injector index %s must be 0 to %s (the injector count is %s)"
            .formatted(index, count - 1, count));
  }

  public boolean distributed() {
    return count > 1 || runId != null;
  }

  /** This injector's share of {@code total}: the shares of all injectors add up to the total. */
  public long share(long total) {
    return total / count + (index < total % count ? 1 : 0);
  }

  /** The first run-wide sequence number this injector hands out. */
  public long sequenceStart() {
    return (long) index << SEQUENCE_BITS;
  }

  /** The user part of a record's identity: distinct across injectors, for the reordering check. */
  public long user(long gatlingUserId) {
    return gatlingUserId * count + index;
  }

  /** The prefix of the run's producer client ids. */
  public String clientIdPrefix() {
    return count > 1 ? "kafkaload-i" + index : "kafkaload";
  }
}
