package kafkaload.internal.semantic.capacity;

import java.util.List;
import kafkaload.internal.results.MarkdownLines;

/**
 * The {@code capacity} section of a protocol's results: what was searched, every plateau, and the
 * verdict.
 */
public record CapacityResults(
    String request, Setup setup, List<PlateauFigures> plateaus, Verdict verdict)
    implements MarkdownLines {

  @Override
  public List<String> markdownLines() {
    return List.of("**Capacity** ('" + request + "'): " + verdict.text());
  }

  /**
   * What the figures hold for: the records, the producer's acks, the topic, and the gates.
   *
   * @param recordBytes mean key and value bytes of a record sent
   */
  public record Setup(
      double recordBytes,
      String acks,
      Integer partitions,
      int injectors,
      Gates gates,
      int plateauSeconds,
      double precisionPct) {}

  /** A plateau's gates; {@code e2eP99Ms} null without an end-to-end consumer. */
  public record Gates(double p99Ms, double maxErrorPct, double minAchievedPct, Double e2eP99Ms) {}

  /**
   * The search's answer.
   *
   * @param sustainedMsgsPerSec the highest rate that held every gate; null when none did
   * @param sustainedP99Ms its p99 ack latency
   * @param failedMsgsPerSec the lowest rate above it that failed; null when none failed
   * @param failedBecause the gates that rate failed
   * @param limit what ended the search: {@code cluster} (a rate failed on the cluster's side),
   *     {@code injector} (an injector may have been the limit), {@code time} (capacity.maxSeconds
   *     ran out first) or {@code none} (no rate met the gates)
   * @param confirmed the sustained rate passed a second, confirming plateau
   * @param text the verdict as the console prints it
   */
  public record Verdict(
      Double sustainedMsgsPerSec,
      Double sustainedP99Ms,
      Double failedMsgsPerSec,
      List<String> failedBecause,
      String limit,
      boolean confirmed,
      String text) {}
}
