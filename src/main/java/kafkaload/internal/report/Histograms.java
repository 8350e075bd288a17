package kafkaload.internal.report;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** HdrHistogram's compressed form as base64: an injector writes it for exact merged percentiles. */
public final class Histograms {
  private Histograms() {}

  public static String encode(Histogram h) {
    ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(b);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(b.array(), n));
  }

  public static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
    }
  }
}
