package kafkaload.it;

import static kafkaload.it.KafkaPageCheck.fmt;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * The fault figures of a run's Kafka page (a run with -Dfault.plan) against kafka-summary.json: a
 * row of "Broker faults" per fault with its second, name, result, duration and detail; a mark per
 * fault on the throughput chart; and per fault of "What each fault cost" its name, step and result,
 * when it was, its leader elections, ISR changes and KOs, with the run's loss over them. Part of
 * {@link KafkaPageCheck}.
 */
final class FaultPageCheck {
  private FaultPageCheck() {}

  static void problems(JsonNode json, Document page, List<String> out) {
    JsonNode p = json.path("protocols").path(0);
    JsonNode faults = p.path("faults");
    Elements rows = page.select("#faults tr:has(td)");
    if (!faults.isArray() || faults.isEmpty()) {
      if (!rows.isEmpty()) {
        out.add("the page shows " + rows.size() + " broker fault(s) the summary does not have");
      }
      return;
    }
    if (rows.size() != faults.size()) {
      out.add("Broker faults shows " + rows.size() + " row(s), the summary " + faults.size());
      return;
    }
    for (int i = 0; i < faults.size(); i++) {
      JsonNode f = faults.get(i);
      List<String> expected =
          List.of(
              fmt(f.path("atSeconds")),
              text(f.path("request")),
              f.path("ok").asBoolean() ? "OK" : "KO",
              fmt(f.path("durationMs")),
              text(f.path("detail")));
      List<String> shown = rows.get(i).select("td").eachText();
      if (!expected.equals(shown)) {
        out.add("Broker faults row " + i + " shows " + shown + ", the summary " + expected);
      }
    }
    Element throughput = page.getElementById("throughput");
    String marks = throughput == null ? "" : throughput.attr("data-fault-marks");
    if (!String.valueOf(faults.size()).equals(marks)) {
      out.add(
          "the throughput chart marks " + marks + " fault(s), the summary has " + faults.size());
    }
    impact(p.path("faultImpact"), page, out);
  }

  /** "What each fault cost": a heading and a table per fault, and the run's loss above them. */
  private static void impact(JsonNode fi, Document page, List<String> out) {
    JsonNode faults = fi.path("faults");
    Elements heads = page.select("#faultImpact > h3");
    if (!faults.isArray() || faults.size() != heads.size()) {
      out.add("What each fault cost shows " + heads.size() + " fault(s), the summary " + faults);
      return;
    }
    String summary = page.getElementById("faultImpactSummary").text();
    if (fi.path("lostPerRun").isNumber()
        && !summary.contains(
            fmt(fi.path("lostPerRun"))
                + " acked records lost, "
                + fmt(fi.path("duplicatesPerRun"))
                + " duplicates")) {
      out.add("What each fault cost: the run's loss shown as \"" + summary + "\", not " + fi);
    }
    for (int i = 0; i < faults.size(); i++) {
      JsonNode f = faults.get(i);
      Element head = heads.get(i);
      String name = text(f.path("request")) + " " + text(f.path("step"));
      if (!head.text().equals(f.path("ok").asBoolean() ? name : name + " KO")) {
        out.add("What each fault cost: heading \"" + head.text() + "\" for " + name);
      }
      Element table = head.nextElementSibling();
      String when = row(table, "when");
      String[][] expected = {
        {"leader elections", count(f.path("elections").size())},
        {
          "ISR changes",
          fmt(f.path("isrShrinks")) + " shrinks, " + fmt(f.path("isrExpansions")) + " expansions"
        },
      };
      for (String[] e : expected) {
        String shown = row(table, e[0]);
        if (!e[1].equals(shown)) {
          out.add(name + ": " + e[0] + " shown as " + shown + ", the summary's " + e[1]);
        }
      }
      String kos = row(table, "KOs");
      if (kos == null || !(kos + " ").startsWith(fmt(f.path("kos")) + " ")) {
        out.add(name + ": KOs shown as " + kos + ", the summary's " + fmt(f.path("kos")));
      }
      if (when == null || !when.startsWith(fmt(f.path("atSeconds")) + " s")) {
        out.add(name + ": shown " + when + ", the summary's fault at " + f.path("atSeconds"));
      }
    }
  }

  /** The value beside {@code key} in a fault's two-column table; null when it has none. */
  private static String row(Element table, String key) {
    if (table == null) {
      return null;
    }
    for (Element tr : table.select("tr:has(td)")) {
      Elements cells = tr.select("td");
      if (cells.size() == 2 && cells.get(0).text().equals(key)) {
        return cells.get(1).text();
      }
    }
    return null;
  }

  /** A text of the summary as the page shows it (its spaces as a browser's): "—" for none. */
  private static String text(JsonNode n) {
    return n.isNull() || n.isMissingNode() ? "—" : n.asText().trim().replaceAll("\\s+", " ");
  }

  private static String count(int n) {
    return String.format("%,d", n);
  }
}
