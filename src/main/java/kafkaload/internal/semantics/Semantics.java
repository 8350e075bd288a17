package kafkaload.internal.semantics;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.results.SemanticSection;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;

/**
 * The registered Kafka semantics (the one registration: a line in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection}, read once by {@link
 * SemanticSection#registered()}), so the core below them iterates what is there without naming it.
 * Immutable after loading.
 */
public final class Semantics {
  private static final List<Semantic<?>> ALL =
      SemanticSection.registered().stream()
          .filter(Semantic.class::isInstance)
          .<Semantic<?>>map(Semantic.class::cast)
          .toList();

  private Semantics() {}

  /** Every registered semantic, in the order of the registration file. */
  public static List<Semantic<?>> all() {
    return ALL;
  }

  /** Each registered semantic's own files of {@code protocol}'s sections, into {@code runDir}. */
  public static void writeFiles(java.nio.file.Path runDir, ProtocolResults protocol)
      throws java.io.IOException {
    for (Semantic<?> s : all()) {
      writeFiles(s, runDir, protocol);
    }
  }

  private static <S> void writeFiles(
      Semantic<S> s, java.nio.file.Path runDir, ProtocolResults protocol)
      throws java.io.IOException {
    S section = protocol.section(s.section());
    if (section != null) {
      s.writeFiles(runDir, section);
    }
  }

  /** A protocol's sections from its ledger, by name; a semantic that did not run has none. */
  public static Map<String, Object> results(RunLedger ledger) {
    return byName(s -> s.results(ledger), s -> s.section());
  }

  /**
   * What an injector leaves the merge, under each semantic's {@code injectorSection()} name: the
   * name its records are read back by.
   */
  public static Map<String, Object> injectorRecords(RunLedger ledger) {
    return byName(
        s -> s.injectorRecords(ledger),
        s ->
            Objects.requireNonNull(
                s.injectorSection(),
                () ->
                    s.getClass().getName()
                        + " leaves the merge records but names no injectorSection()"));
  }

  /** Each semantic's {@code value} that is not null, under the name of its {@code section}. */
  private static Map<String, Object> byName(
      Function<Semantic<?>, Object> value, Function<Semantic<?>, SectionType<?>> section) {
    Map<String, Object> out = new TreeMap<>();
    for (Semantic<?> s : ALL) {
      Object v = value.apply(s);
      if (v != null) {
        out.put(section.apply(s).name(), v);
      }
    }
    return out;
  }

  /**
   * Every semantic's section of one protocol merged over the injectors, by name, with the console
   * lines of each; {@code reconciliation}: the merge's over every injector's records, or null.
   */
  public static Merged merge(
      List<ProtocolResults> injectors,
      Reconciled.Result reconciliation,
      Semantic.Verdicts verdicts) {
    Map<String, Object> sections = new TreeMap<>();
    List<String> lines = new java.util.ArrayList<>();
    ALL.forEach(s -> mergeOne(s, injectors, reconciliation, verdicts, sections, lines));
    return new Merged(sections, List.copyOf(lines));
  }

  private static <S> void mergeOne(
      Semantic<S> s,
      List<ProtocolResults> injectors,
      Reconciled.Result reconciliation,
      Semantic.Verdicts verdicts,
      Map<String, Object> sections,
      List<String> lines) {
    S merged = s.merge(injectors, reconciliation, verdicts);
    if (merged != null) {
      sections.put(s.section().name(), merged);
      lines.addAll(s.mergedLines(merged));
    }
  }

  /** One protocol's merged sections and what the merge prints of them. */
  public record Merged(Map<String, Object> sections, List<String> lines) {}
}
