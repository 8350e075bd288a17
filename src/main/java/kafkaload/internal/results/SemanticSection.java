package kafkaload.internal.results;

/**
 * A registered semantic's result types: its protocol section and what an injector leaves the merge.
 * Registered in {@code META-INF/services}, so this package names no semantic.
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
