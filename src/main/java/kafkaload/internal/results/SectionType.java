package kafkaload.internal.results;

import com.fasterxml.jackson.core.type.TypeReference;

/**
 * A Kafka semantic's section of a protocol's results: its name in kafka-summary.json and the type
 * it is read back as. Sections are kept by name ({@link ProtocolResults#sections()}), so this
 * package names no semantic; a section read from a file is typed on first access.
 */
public record SectionType<T>(String name, TypeReference<T> type) {
  public SectionType {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a results section needs a name");
    }
  }
}
