package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Record sizes from a histogram file ({@code histogram:path}): one bucket a line, {@code
 * size,count} (or separated by blanks), where {@code count} records were at most {@code size} bytes
 * and above the line before's size: Prometheus' {@code le} buckets, not cumulative. Sizes spread
 * evenly within a bucket; the first bucket starts at 1 byte. A first line that is not numbers is a
 * header; {@code #} starts a comment.
 */
final class SizeHistogram {
  private SizeHistogram() {}

  static SizeDistribution read(String spec, String path) {
    String bad = "Record sizes '" + spec + "': ";
    List<long[]> buckets = new ArrayList<>();
    try (InputStream in = ClientProperties.open(path)) {
      refuseIf(
          in == null,
          bad + "not found, neither as a file nor as a resource under src/test/resources");
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String line;
      int n = 0;
      boolean first = true;
      while ((line = r.readLine()) != null) {
        n++;
        String s = line.replaceFirst("#.*", "").trim();
        if (s.isEmpty()) {
          continue;
        }
        long[] bucket = parse(s.split("\\s*[,;\\s]\\s*"));
        refuseIf(
            bucket == null && !first,
            bad + "line " + n + " '" + line.trim() + "' is not 'size,count'");
        first = false;
        if (bucket == null) {
          continue; // the header
        }
        refuseIf(
            !buckets.isEmpty() && bucket[0] <= buckets.get(buckets.size() - 1)[0],
            bad + "line " + n + ": sizes go up from one bucket to the next");
        refuseIf(
            bucket[0] < 1 || bucket[0] > SizeDistribution.MAX_SIZE || bucket[1] < 0,
            bad
                + "line %s: a size is 1 to %s bytes and a count 0 or more"
                    .formatted(n, SizeDistribution.MAX_SIZE));
        buckets.add(bucket);
      }
    } catch (IOException e) {
      throw new KafkaLoadConfigException(bad + "cannot read it: " + e.getMessage());
    }
    long total = buckets.stream().mapToLong(b -> b[1]).sum();
    refuseIf(total == 0, bad + "no bucket counts any record");
    double[] cumulative = new double[buckets.size() + 1];
    int[] sizes = new int[buckets.size() + 1];
    sizes[0] = 1;
    long seen = 0;
    for (int i = 0; i < buckets.size(); i++) {
      seen += buckets.get(i)[1];
      cumulative[i + 1] = (double) seen / total;
      sizes[i + 1] = (int) buckets.get(i)[0];
    }
    return new SizeDistribution(spec, cumulative, sizes);
  }

  private static long[] parse(String[] parts) {
    if (parts.length != 2) {
      return null;
    }
    try {
      return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1])};
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
