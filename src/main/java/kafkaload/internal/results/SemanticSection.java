package kafkaload.internal.results;

/**
 * What a registered Kafka semantic adds to the results: the type of its section of a protocol and
 * of what an injector leaves the merge. Semantics register under this interface's name in {@code
 * META-INF/services}, so results read from kafka-summary.json are typed section by section without
 * this package naming any semantic.
 */
public interface SemanticSection {
  /** Its section of a protocol's results. */
  SectionType<?> section();

  /** What one injector of a distributed run leaves the merge; null for nothing. */
  default SectionType<?> injectorSection() {
    return null;
  }

  /** Every registered semantic, found once, in the order of the registration file. */
  static java.util.List<SemanticSection> registered() {
    return Sections.REGISTERED;
  }
}
