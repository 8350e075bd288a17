package kafkaload.internal.results;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Semantics' sections of a protocol's results by name, each converted to its registered type; a
 * section of a semantic this code does not know is kept as read, so an older reader still reads a
 * newer run.
 */
final class Sections {
  /** Every registered semantic's sections, found once; immutable. */
  static final List<SemanticSection> REGISTERED =
      ServiceLoader.load(SemanticSection.class, SemanticSection.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private Sections() {}

  /** An unmodifiable ordered copy without null sections, each registered one typed. */
  static Map<String, Object> copy(
      Map<String, Object> sections, Function<SemanticSection, SectionType<?>> kind) {
    Map<String, Object> out = new TreeMap<>();
    if (sections != null) {
      sections.forEach(
          (name, value) -> {
            if (value != null) {
              SectionType<?> type = registered(name, kind);
              out.put(name, type == null ? value : ResultsJson.convert(value, type));
            }
          });
    }
    return Collections.unmodifiableMap(out);
  }

  /** A section as {@code type}: as kept when {@code type} is the registered one, else converted. */
  @SuppressWarnings("unchecked")
  static <T> T typed(Map<String, Object> sections, SectionType<T> type) {
    Object value = sections.get(type.name());
    if (value == null) {
      return null;
    }
    boolean kept =
        REGISTERED.stream().anyMatch(s -> s.section() == type || s.injectorSection() == type);
    return kept ? (T) value : ResultsJson.convert(value, type);
  }

  private static SectionType<?> registered(
      String name, Function<SemanticSection, SectionType<?>> kind) {
    return REGISTERED.stream()
        .<SectionType<?>>map(kind)
        .filter(t -> t != null && t.name().equals(name))
        .findFirst()
        .orElse(null);
  }
}
