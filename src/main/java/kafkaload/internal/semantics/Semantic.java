package kafkaload.internal.semantics;

import java.util.List;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.results.SemanticSection;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;

/**
 * A Kafka semantic (transactions, share groups, ...): a package that holds its actions, its
 * counters and what it adds to a run's results, registered once: a line in {@code
 * META-INF/services/kafkaload.internal.results.SemanticSection} (so the results, below this
 * package, read its section typed). The run summary, the merge, the Kafka page and the console
 * iterate the registered semantics ({@link Semantics#all()}) and name none.
 *
 * @param <S> its section of a protocol's results (kafka-summary.json, under {@link #section()})
 */
public interface Semantic<S> extends SemanticSection {
  /** Its section's name and type in a protocol's results. */
  @Override
  SectionType<S> section();

  /** This protocol's section, from what its ledger holds at the end; null when it did not run. */
  S results(RunLedger ledger);

  /**
   * Called once when a protocol's run makes its ledger, before any send: a semantic that watches
   * every record sent registers its {@link kafkaload.internal.run.RecordTap} there.
   */
  default void attach(RunLedger ledger) {}

  /**
   * Files of its own written into the run's folder beside kafka-summary.json, from its section
   * (OMB's result file); most semantics write none.
   */
  default void writeFiles(java.nio.file.Path runDir, S section) throws java.io.IOException {}

  /**
   * What one injector of a distributed run leaves the merge (in its results' {@code distributed}
   * part, under {@link #injectorSection()}'s name, which a semantic that leaves records declares);
   * null when nothing.
   */
  default Object injectorRecords(RunLedger ledger) {
    return null;
  }

  /**
   * The merge's one reconciliation over every injector's records: adds what this injector left
   * ({@link #injectorRecords}) to the merged ledger.
   */
  default void intoMergedLedger(ProtocolResults.Distributed injector, RunLedger merged) {}

  /**
   * Its section of one protocol merged over the injectors' results (a protocol of each); verdicts
   * the merge judges go to {@code verdicts}. Null when none of them ran it.
   */
  default S merge(List<ProtocolResults> injectors, Verdicts verdicts) {
    return null;
  }

  /**
   * As {@link #merge(List, Verdicts)}, with the merge's one reconciliation over every injector's
   * records ({@code reconciliation}; null when none ran): the hook the merge calls. A semantic
   * whose section reads the reconciliation (as {@link #results} reads the ledger's) overrides it.
   */
  default S merge(
      List<ProtocolResults> injectors, Reconciled.Result reconciliation, Verdicts verdicts) {
    return merge(injectors, verdicts);
  }

  /** What a merged run prints of its section on the console. */
  default List<String> mergedLines(S merged) {
    return List.of();
  }

  /**
   * Its part of the Kafka page: a classpath resource of HTML (shown after the latency table) and a
   * script drawing it from the protocol {@code p}, with the page's helpers ({@code table}, {@code
   * fmt}, {@code esc}, {@code chart}): {@code page.html} and {@code page.js} beside the semantic's
   * class.
   */
  default PageFragment page() {
    return PageFragment.of(getClass(), "page");
  }

  /** The HTML and script of a semantic's part of the Kafka page. */
  record PageFragment(String html, String script) {
    /** {@code <name>.html} and {@code <name>.js} beside {@code owner}'s class file. */
    public static PageFragment of(Class<?> owner, String name) {
      return new PageFragment(resource(owner, name + ".html"), resource(owner, name + ".js"));
    }

    /** The text of {@code file} beside {@code owner}'s class file (the pages' shared parts too). */
    public static String resource(Class<?> owner, String file) {
      try (java.io.InputStream in = owner.getResourceAsStream(file)) {
        if (in == null) {
          throw new IllegalStateException(owner.getPackageName() + "/" + file + " is missing");
        }
        return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /**
   * A verdict of the merged run, written as a Gatling request the simulation's gates judge: OK when
   * {@code koReason} is null.
   */
  @FunctionalInterface
  interface Verdicts {
    void request(String name, String koReason);
  }
}
