package kafkaload.internal.protocol;

/**
 * The files a run writes after Gatling (kafka-summary.json, kafka.html), written now rather than at
 * JVM exit.
 */
public final class RunFiles {
  private RunFiles() {}

  /**
   * Writes the files of every run this JVM has ended (each once): for an injector launcher, which
   * must record that they are complete before it exits.
   */
  public static void writeNow() {
    KafkaRun.ENDED.forEach(KafkaRun::writeReports);
  }
}
