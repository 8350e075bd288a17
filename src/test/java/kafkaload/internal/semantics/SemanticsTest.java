package kafkaload.internal.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.run.OffsetBaselines;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantic.share.ShareSemantic;
import kafkaload.internal.semantic.txn.TransactionFigures;
import kafkaload.internal.semantic.txn.TransactionSemantic;
import org.junit.jupiter.api.Test;

/**
 * The seam: the registered semantics are found, each section is written under its name and read
 * back as its own record, a section of a semantic this code does not know is kept as read, and a
 * section that does not fit its type is refused, naming it.
 */
class SemanticsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everySemanticIsRegisteredOnce() {
    List<String> names = Semantics.all().stream().map(s -> s.section().name()).toList();
    assertEquals(
        List.of(
            "shareGroups",
            "transactions",
            "capacity",
            "backlog",
            "throughputGates",
            "traffic",
            "trace",
            "faultImpact",
            "subscriptions",
            "topicSpread",
            "ombResult",
            "churn"),
        names);
    assertTrue(Semantics.all().stream().allMatch(s -> s.page() != null), "each draws its part");
  }

  @Test
  void aSemanticThatDidNotRunHasNoSection() {
    RunLedger ledger =
        new RunLedger(
            null,
            new OffsetBaselines(
                topic -> {
                  throw new IllegalStateException();
                },
                Runnable::run),
            InjectorShare.SINGLE);
    assertEquals(Map.of(), Semantics.results(ledger));
    assertEquals(Map.of(), Semantics.injectorRecords(ledger));
  }

  @Test
  void sectionsAreWrittenByNameAndReadBackTyped() throws Exception {
    RunResults run = kafkaload.internal.results.RunResultsJsonTest.full();
    String json = ResultsJson.write(run);
    var protocol = JSON.readTree(json).path("protocols").path(0);
    assertTrue(protocol.path("transactions").has("order txn"), "a field of the protocol");
    assertTrue(protocol.path("shareGroups").isArray());
    assertTrue(protocol.path("distributed").has("transactions"));

    ProtocolResults back = ResultsJson.read(json).protocols().get(0);
    assertInstanceOf(
        TransactionFigures.class, back.section(TransactionSemantic.SECTION).get("order txn"));
    assertEquals(
        run.protocols().get(0).section(ShareSemantic.SECTION), back.section(ShareSemantic.SECTION));
    assertEquals(
        run.protocols().get(0).distributed().section(TransactionSemantic.RECORDS),
        back.distributed().section(TransactionSemantic.RECORDS));
    assertEquals(run, ResultsJson.read(json), "the whole results round-trip");
  }

  @Test
  void anUnknownSectionIsKeptAsRead() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(ResultsJson.write(full()));
    ((ObjectNode) tree.path("protocols").path(0))
        .putObject("workloadMix")
        .put("msgsPerSec", 142000);
    RunResults read = ResultsJson.read(tree.toString());
    assertEquals(
        Map.of("msgsPerSec", 142000), read.protocols().get(0).sections().get("workloadMix"));
    assertTrue(ResultsJson.write(read).contains("\"workloadMix\""), "and written again");
  }

  @Test
  void aSectionThatDoesNotFitItsTypeIsRefusedByName() throws Exception {
    ObjectNode tree = (ObjectNode) JSON.readTree(ResultsJson.write(full()));
    ((ObjectNode) tree.path("protocols").path(0)).put("transactions", "not figures");
    Exception e = assertThrows(Exception.class, () -> ResultsJson.read(tree.toString()));
    assertTrue(String.valueOf(e.getMessage()).contains("'transactions'"), e.getMessage());
  }

  @Test
  void aProtocolWithoutSemanticsHasNoSections() throws Exception {
    RunResults read = ResultsJson.read(ResultsJson.write(full()));
    assertNull(read.protocols().get(1).section(TransactionSemantic.SECTION));
    assertNull(read.protocols().get(1).section(ShareSemantic.SECTION));
  }

  private static RunResults full() {
    return kafkaload.internal.results.RunResultsJsonTest.full();
  }
}
