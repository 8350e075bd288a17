package kafkaload.internal.results;

import java.util.List;

/**
 * A semantic's section that has lines for the run's Markdown summary (kafka-summary.md): the
 * summary prints them after its key figures without naming the semantic.
 */
public interface MarkdownLines {
  /** Markdown lines, each ending without a newline. */
  List<String> markdownLines();
}
