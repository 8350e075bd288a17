package kafkaload.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * The Kafka page of a run as a reader sees it: kafka.html rendered in headless Chromium, its DOM
 * read back, its figures checked against kafka-summary.json and against each other. One measured
 * window everywhere (the window line, the saturation note, the CPU split, a shaded window on every
 * time chart); the pool size of the configuration table the one the run used; a latency row, with
 * its kind, for every request that sent or read records; no sentinel on the page nor in the
 * summary; a run's broker faults as the summary has them ({@link FaultPageCheck}). Any run's report
 * folder: call {@link #assertConsistent(Path)} after the run.
 */
public final class KafkaPageCheck {
  /** The time charts of the page (drawn when their data is there), each shading the windows. */
  private static final List<String> TIME_CHARTS = List.of("throughput", "injector", "heap", "lag");

  /** Texts no figure on the page is: sentinels and non-numbers, as Java or JS would print them. */
  private static final List<String> SENTINEL_TEXTS =
      List.of(
          "9223372036854775807",
          "9,223,372,036,854,775,807",
          "9223372036854776000",
          "9,223,372,036,854,776,000",
          "2147483647",
          "2,147,483,647",
          "NaN",
          "Infinity");

  private static final Pattern MINUS_ONE = Pattern.compile("(?<![\\w.])-1(?![\\w.,])");

  private KafkaPageCheck() {}

  /**
   * The page of the report folder {@code dir} holds together with its summary; fails naming all.
   */
  public static void assertConsistent(Path dir) throws Exception {
    List<String> problems = problems(dir);
    assertEquals(List.of(), problems, "the Kafka page of " + dir + " against kafka-summary.json");
  }

  /** What is wrong with the page of {@code dir}; empty when nothing. */
  public static List<String> problems(Path dir) throws Exception {
    JsonNode json = new ObjectMapper().readTree(dir.resolve("kafka-summary.json").toFile());
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(
            KafkaPageIT.chromium(), "--dump-dom", dir.resolve("kafka.html").toUri().toString());
    return problems(json, Jsoup.parse(dom.stdout()));
  }

  static List<String> problems(JsonNode json, Document page) {
    List<String> out = new ArrayList<>();
    String errors = page.selectFirst("html").attr("data-errors");
    if (!errors.isEmpty()) {
      out.add("script errors: " + errors);
    }
    if (!"true".equals(page.body().attr("data-rendered"))) {
      out.add("the page's script did not run to its end");
      return out;
    }
    window(json, page, out);
    if (json.path("protocols").size() > 0) {
      poolSize(json, page, out);
      latencyRows(json, page, out);
      FaultPageCheck.problems(json, page, out);
      exactlyOnce(json, page, out);
    }
    sentinels(json, page, out);
    return out;
  }

  /** A pipeline's exactly-once verdict: on the page when in the summary, with the same outcome. */
  private static void exactlyOnce(JsonNode json, Document page, List<String> out) {
    JsonNode e = json.path("protocols").get(0).path("reconciliation").path("exactlyOnce");
    Element h = page.getElementById("exactlyOnce");
    if (e.isMissingNode() || e.isNull()) {
      if (h != null) {
        out.add("an exactly-once verdict on the page, none in the summary");
      }
      return;
    }
    String verdict = e.path("holds").asBoolean() ? "HOLDS" : "BROKEN";
    if (h == null || !h.text().endsWith(": " + verdict)) {
      out.add(
          "exactly-once "
              + verdict
              + " in the summary, on the page: "
              + (h == null ? "none" : h.text()));
    }
  }

  /** One measured window: the summary's, shown alike wherever the page names it, on each chart. */
  private static void window(JsonNode json, Document page, List<String> out) {
    JsonNode inj = json.path("injector");
    JsonNode measured = inj.path("measuredWindowSeconds");
    if (!measured.path("start").isNumber()) {
      out.add("the summary has no measured window: " + inj);
      return;
    }
    JsonNode cpu = inj.path("loadCpu");
    if (cpu.isObject()) {
      same(out, "loadCpu.startSecond", cpu.path("startSecond"), measured.path("start"));
      same(out, "loadCpu.endSecond", cpu.path("endSecond"), measured.path("end"));
    }
    same(
        out,
        "loadWindowSeconds.end",
        inj.path("loadWindowSeconds").path("end"),
        measured.path("end"));
    shownAlike(page, "measuredStart", fmt(measured.path("start")), out);
    if (measured.path("end").isNumber()) {
      shownAlike(page, "measuredEnd", fmt(measured.path("end")), out);
    }
    JsonNode warm = inj.path("warmUpWindowSeconds");
    boolean warmUp = warm.isObject();
    if (warmUp) {
      same(out, "warmUpWindowSeconds.end", warm.path("end"), measured.path("start"));
      same(
          out,
          "warmUpWindowSeconds.start",
          warm.path("start"),
          inj.path("loadWindowSeconds").path("start"));
      shownAlike(page, "warmupStart", fmt(warm.path("start")), out);
    } else if (!page.getElementsByClass("warmupStart").isEmpty()) {
      out.add("the page shows a warm-up the summary does not have");
    }
    for (String id : TIME_CHARTS) {
      Element chart = page.getElementById(id);
      if (chart == null || !chart.hasAttr("data-points")) {
        continue; // not drawn: no lag monitor
      }
      List<String> marked = List.of(chart.attr("data-windows").split(","));
      if (!marked.contains("measured load") || warmUp != marked.contains("warm-up")) {
        out.add(
            "chart "
                + id
                + " shades "
                + marked
                + ", not the measured load"
                + (warmUp ? " and the warm-up" : ""));
      }
    }
  }

  private static void same(List<String> out, String what, JsonNode a, JsonNode measured) {
    if (a.isNumber() && measured.isNumber() && a.asDouble() != measured.asDouble()) {
      out.add("summary: " + what + " " + a + " is not the measured window's " + measured);
    }
  }

  /** Every element of class {@code cls} shows {@code text}, and the page shows one at least. */
  private static void shownAlike(Document page, String cls, String text, List<String> out) {
    Elements shown = page.getElementsByClass(cls);
    if (shown.isEmpty()) {
      out.add("the page does not show the " + cls + " (" + text + " s)");
    }
    for (Element e : shown) {
      if (!e.text().equals(text)) {
        out.add(cls + " shown as " + e.text() + " in \"" + e.parent().text() + "\", not " + text);
      }
    }
  }

  /** The configuration's pool size: the summary's, and the -Dproducer.pool shown, if one is. */
  private static void poolSize(JsonNode json, Document page, List<String> out) {
    JsonNode config = json.path("protocols").path(0).path("config");
    if (!config.has("poolSize")) {
      return;
    }
    String pool = config.path("poolSize").asText();
    String shown = cell(page, "config", "poolSize");
    if (!pool.equals(shown)) {
      out.add("Configuration shows poolSize " + shown + ", the summary " + pool);
    }
    String param = cell(page, "parameters", "producer.pool");
    if (param != null && !param.equals(pool)) {
      out.add(
          "Run parameters show producer.pool " + param + ", the Configuration poolSize " + pool);
    }
    if (param != null && !"pool".equals(config.path("producerMode").asText().toLowerCase())) {
      out.add("producer.pool " + param + " shown for a run of " + config.path("producerMode"));
    }
  }

  /** The value beside {@code name} in the two-column table under element {@code id}; or null. */
  private static String cell(Document page, String id, String name) {
    for (Element row : page.select("#" + id + " tr")) {
      Elements cells = row.select("td");
      if (cells.size() == 2 && cells.get(0).text().equals(name)) {
        return cells.get(1).text();
      }
    }
    return null;
  }

  /**
   * A latency row for every request that sent records or read them, with the summary's kind and
   * figures: p99 as the summary has it, "—" where it has none.
   */
  private static void latencyRows(JsonNode json, Document page, List<String> out) {
    JsonNode p = json.path("protocols").path(0);
    Set<String> requests = new TreeSet<>();
    p.path("throughput").path("byRequest").fieldNames().forEachRemaining(requests::add);
    p.path("readers").path("byRequest").fieldNames().forEachRemaining(requests::add);
    p.path("ackLatencyMs").fieldNames().forEachRemaining(requests::add);
    Set<String> reading = new TreeSet<>();
    p.path("readers").path("byRequest").fieldNames().forEachRemaining(reading::add);
    Elements rows = page.select("#latency tr[data-request]");
    for (String request : requests) {
      List<Element> mine =
          rows.stream().filter(r -> r.attr("data-request").equals(request)).toList();
      if (mine.isEmpty()) {
        out.add("no latency row for request '" + request + "'");
      }
      boolean sends = p.path("throughput").path("byRequest").has(request);
      if (reading.contains(request)) {
        String kind = sends ? "send-to-reply" : "send-to-read";
        if (mine.stream().noneMatch(r -> r.attr("data-kind").equals(kind))) {
          out.add("request '" + request + "' has no " + kind + " row");
        }
      }
    }
    JsonNode listed = p.path("latency");
    if (!listed.isArray()) {
      out.add("the summary has no protocols[0].latency rows");
      return;
    }
    for (JsonNode row : listed) {
      String request = row.path("request").asText();
      String kind = row.path("kind").asText();
      Element tr =
          rows.stream()
              .filter(r -> r.attr("data-request").equals(request))
              .filter(r -> r.attr("data-kind").equals(kind))
              .findFirst()
              .orElse(null);
      if (tr == null) {
        out.add("summary's latency row " + request + " (" + kind + ") is not on the page");
        continue;
      }
      JsonNode ms = row.path("ms");
      String p99 = ms.path("count").asLong() > 0 ? fmt(ms.path("p99")) : "—";
      String shown = tr.select("td").get(6).text();
      if (!shown.equals(p99)) {
        out.add(request + " (" + kind + ") p99 shown " + shown + ", summary " + p99);
      }
    }
  }

  /** No sentinel on the page's text, nor anywhere in the summary. */
  private static void sentinels(JsonNode json, Document page, List<String> out) {
    Document text = page.clone();
    text.select("script, style").remove();
    // Kafka's own settings are shown as Kafka reads them: retries=2147483647 is Kafka's default,
    // its "retry until delivery.timeout.ms", not a figure of this project.
    text.select("#config tr, #parameters tr")
        .removeIf(
            r -> {
              boolean kafka =
                  !r.select("td").isEmpty() && KAFKA.contains(r.select("td").get(0).text());
              if (kafka) {
                r.remove();
              }
              return kafka;
            });
    String body = text.body().text();
    for (String s : SENTINEL_TEXTS) {
      int at = body.indexOf(s);
      if (at >= 0) {
        out.add("the page shows " + s + ": \"" + around(body, at) + "\"");
      }
    }
    for (Element td : text.select("td")) {
      if (MINUS_ONE.matcher(td.text()).find()) {
        out.add("the page shows -1 in \"" + td.parent().text() + "\"");
      }
    }
    sentinels("", json, out);
  }

  /** Kafka's producer and consumer setting names, whose values are Kafka's. */
  private static final Set<String> KAFKA = kafkaSettings();

  private static Set<String> kafkaSettings() {
    Set<String> names = new TreeSet<>(ProducerConfig.configNames());
    names.addAll(ConsumerConfig.configNames());
    return names;
  }

  private static void sentinels(String path, JsonNode n, List<String> out) {
    if (n.isContainerNode()) {
      n.fields()
          .forEachRemaining(
              e -> {
                if (!(e.getValue().isValueNode() && KAFKA.contains(e.getKey()))) {
                  sentinels(path + "." + e.getKey(), e.getValue(), out);
                }
              });
      for (int i = 0; n.isArray() && i < n.size(); i++) {
        sentinels(path + "[" + i + "]", n.get(i), out);
      }
      return;
    }
    String t = n.asText();
    boolean bad =
        n.isNumber()
                && (n.asLong() == Long.MAX_VALUE
                    || n.asLong() == Integer.MAX_VALUE
                    || !Double.isFinite(n.asDouble()))
            || t.equals(String.valueOf(Long.MAX_VALUE))
            || t.equals(String.valueOf(Integer.MAX_VALUE))
            || t.equals("NaN")
            || t.equals("Infinity");
    if (bad) {
      out.add("kafka-summary.json" + path + " is the sentinel " + t);
    }
  }

  private static String around(String s, int at) {
    return s.substring(Math.max(0, at - 60), Math.min(s.length(), at + 40));
  }

  /** A number as the page's fmt shows it: an integer with separators, else two decimals. */
  static String fmt(JsonNode n) {
    if (!n.isNumber()) {
      return "—";
    }
    double v = n.asDouble();
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format("%,d", (long) v);
    }
    // JS toFixed(2): the exact binary value, halves up.
    return new BigDecimal(v).setScale(2, RoundingMode.HALF_UP).toPlainString();
  }
}
