package kafkaload.internal.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.semantics.Semantic;
import kafkaload.internal.semantics.Semantics;

/**
 * The Kafka page beside Gatling's report (kafka.html): throughput, injector CPU and GC over time,
 * per-partition bars, latency, reconciliation and gates, drawn with Apache ECharts from the run's
 * results (the data of kafka-summary.json, embedded). The resource {@value #TEMPLATE_RESOURCE} is a
 * shell: the helpers every section uses; the run's own sections are fragments in page/ beside this
 * class, the semantics' parts are theirs.
 */
public final class KafkaPage {
  static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

  private KafkaPage() {}

  /** Writes kafka.html (and ECharts beside it) for these results; returns the page's file. */
  public static Path write(Path dir, RunResults results) throws IOException {
    copyECharts(dir.resolve("kafka-echarts.min.js"));
    return writePage(
        dir.resolve("kafka.html"),
        template()
            .replace("/*CORE_HTML_BEFORE*/", html(BEFORE))
            .replace("/*SEMANTICS_HTML*/", html(SEMANTICS))
            .replace("/*CORE_HTML_AFTER*/", html(AFTER))
            .replace("/*CORE_SCRIPT*/", script(BEFORE) + script(AFTER))
            .replace("/*SEMANTICS_SCRIPT*/", script(SEMANTICS)),
        ResultsJson.write(results));
  }

  /**
   * Writes {@code page} to {@code out} with the pages' shared {@link #STYLE}, {@link #ERROR_TRAP}
   * and {@link #CHART_JS} in their places, and {@code json} as its data; returns {@code out}.
   */
  static Path writePage(Path out, String page, String json) throws IOException {
    // The data is embedded, so the page also opens from file:// where fetching the JSON would be
    // refused.
    Files.writeString(
        out,
        page.replace("/*STYLE*/", STYLE)
            .replace("/*ERRORS*/", ERROR_TRAP)
            .replace("/*CHART*/", CHART_JS)
            .replace("/*DATA*/", json.replace("</", "<\\/")));
    return out;
  }

  /**
   * The run's own sections, each a fragment in the folder page/ beside this class: those shown
   * before the semantics' parts, and those after. Their scripts run first, in this order.
   */
  private static final List<Semantic.PageFragment> BEFORE =
      sections("run", "gates", "baseline", "injectors", "throughput", "injector", "lag", "latency");

  private static final List<Semantic.PageFragment> AFTER =
      sections("partitions", "reconciliation", "settings");

  private static List<Semantic.PageFragment> sections(String... names) {
    return Stream.of(names)
        .map(n -> Semantic.PageFragment.of(KafkaPage.class, "page/" + n))
        .toList();
  }

  /** The registered semantics' parts of the page. */
  private static final List<Semantic.PageFragment> SEMANTICS =
      Semantics.all().stream().map(Semantic::page).filter(Objects::nonNull).toList();

  private static String html(List<Semantic.PageFragment> sections) {
    return sections.stream().map(Semantic.PageFragment::html).collect(Collectors.joining());
  }

  /** Each script in a block of its own. */
  private static String script(List<Semantic.PageFragment> sections) {
    return sections.stream().map(f -> "{\n" + f.script() + "}\n").collect(Collectors.joining());
  }

  private static String template() throws IOException {
    try (InputStream in = open(TEMPLATE_RESOURCE, "the Kafka page's template")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * Copies Apache ECharts from its webjar, so a page beside it draws charts from file:// with no
   * network.
   */
  public static void copyECharts(Path target) throws IOException {
    try (InputStream in = open(ECHARTS, "ECharts")) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** A resource of the classpath; refused, naming {@code what}, when it is not there. */
  private static InputStream open(String resource, String what) throws IOException {
    InputStream in = KafkaPage.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IOException(what + " is not on the classpath: " + resource);
    }
    return in;
  }

  /** The pages' shared look: fonts, headings, chart size, tables. */
  public static final String STYLE = text("style.css");

  /**
   * The pages' first script: every script error, failed resource load, rejected promise and
   * console.error lands in the html element's data-errors attribute, which a headless browser's
   * --dump-dom shows (Chromium's own log does not tell console.error from console.log).
   */
  public static final String ERROR_TRAP = text("error-trap.html");

  /**
   * Draws an ECharts chart and marks its element with data-points and data-max: the finite data
   * points of the series ECharts holds after setOption, and the highest of them, so a headless
   * check can tell a drawn chart from an empty one, and see that a peak was drawn.
   */
  public static final String CHART_JS = text("chart.js");

  /** A file of the folder page/ beside this class. */
  static String text(String name) {
    return Semantic.PageFragment.resource(KafkaPage.class, "page/" + name);
  }

  /** The page's HTML and script, with the placeholders write(..) fills. */
  static final String TEMPLATE_RESOURCE = "kafkaload/kafka-page.html";
}
