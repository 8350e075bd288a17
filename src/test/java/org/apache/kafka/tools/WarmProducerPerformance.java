package org.apache.kafka.tools;

import java.util.Arrays;

/**
 * Benchmark only (bench/open-model.sh, arm perf-warm): Kafka's own ProducerPerformance run twice in
 * one JVM, a warm-up then the measured run, each printing its own summary line, so that its latency
 * can be set beside a Gatling run that discards its warm-up. In Kafka's package because {@code
 * start} is package-private.
 *
 * <p>Arguments: the warm-up's record count, then ProducerPerformance's own arguments (the measured
 * run), whose {@code --topic} the warm-up also uses.
 */
public final class WarmProducerPerformance {
  private WarmProducerPerformance() {}

  public static void main(String[] args) throws Exception {
    String[] measured = Arrays.copyOfRange(args, 1, args.length);
    String[] warmUp = measured.clone();
    for (int i = 0; i < warmUp.length - 1; i++) {
      if (warmUp[i].equals("--num-records")) {
        warmUp[i + 1] = args[0];
      }
    }
    System.out.println("warm-up:");
    new ProducerPerformance().start(warmUp);
    System.out.println("measured:");
    new ProducerPerformance().start(measured);
  }
}
