package kafkaload.internal.semantic.share;

import static kafkaload.internal.config.Console.text;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.Map;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.CountedSemantic;

/** Share groups (KIP-932): outcomes, consumers, lag, reconciliation ({@code shareGroups}). */
public final class ShareSemantic extends CountedSemantic<List<ShareGroupResults>, ShareGroups> {
  public static final SectionType<List<ShareGroupResults>> SECTION =
      new SectionType<>("shareGroups", new TypeReference<>() {});

  /** What an injector's share consumers settled, by request name (its {@code distributed} part). */
  public static final SectionType<Map<String, ShareRecords>> RECORDS =
      new SectionType<>("shareGroups", new TypeReference<>() {});

  public ShareSemantic() {
    super(SECTION, ShareGroups.class, ShareGroups::results);
  }

  @Override
  public Map<String, ShareRecords> injectorRecords(RunLedger ledger) {
    ShareGroups groups = ledger.semanticIfUsed(ShareGroups.class);
    return groups == null ? null : groups.records();
  }

  /** Groups merged; each reconciliation over the union is a "name reconciled" request. */
  @Override
  public List<ShareGroupResults> merge(List<ProtocolResults> injectors, Verdicts verdicts) {
    List<ShareGroupResults> merged = ShareGroupMerge.merge(injectors);
    if (merged != null) {
      // Named as a single injector names its group's verdict.
      merged.stream()
          .filter(g -> g.reconciliation() != null)
          .forEach(
              g ->
                  verdicts.request(
                      g.settings().request() + " reconciled",
                      ShareOutcomes.verdict(g.reconciliation())));
    }
    return merged;
  }

  @Override
  public List<String> mergedLines(List<ShareGroupResults> merged) {
    return merged.stream().map(ShareSemantic::line).toList();
  }

  @Override
  public SectionType<?> injectorSection() {
    return RECORDS;
  }

  /** A merged share group on the console: its outcomes and its reconciliation. */
  private static String line(ShareGroupResults g) {
    ShareGroupResults.Reconciliation r = g.reconciliation();
    return text(
        "[kafkaload] share group '%s' (%s) over %d injectors: %s%n"
            + "  reconciliation over every injector's records: %s",
        g.settings().group(),
        g.settings().request(),
        g.injectors(),
        ShareGroupPrinter.outcomes(g),
        r == null
            ? "none (the records carry no run identity)"
            : ShareGroupPrinter.reconciled(r)
                + (r.missing() == 0 ? "" : " (first: " + r.missingSample() + ")"));
  }
}
