package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.utils.internals.ByteBufferOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Values compress as asked: a batch of them compressed with the JDK's gzip and with Kafka's own lz4
 * and zstd (the producer's code) shrinks to about 1 - compressibility.
 */
class ValuesTest {
  private static final int BATCH = 16_384;

  /** Compressed over uncompressed size, over batches of about 16 KB, as a producer batches. */
  private static double ratio(Values values, String codec, int batches) throws IOException {
    long raw = 0;
    long compressed = 0;
    for (int b = 0; b < batches; b++) {
      ByteArrayOutputStream batch = new ByteArrayOutputStream();
      while (batch.size() < BATCH) {
        batch.write(values.next());
      }
      byte[] bytes = batch.toByteArray();
      raw += bytes.length;
      compressed += compress(bytes, codec);
    }
    return (double) compressed / raw;
  }

  private static int compress(byte[] bytes, String codec) throws IOException {
    if (codec.equals("jdk-gzip")) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
        gz.write(bytes);
      }
      return out.size();
    }
    Compression c = codec.equals("lz4") ? Compression.lz4().build() : Compression.zstd().build();
    ByteBufferOutputStream out = new ByteBufferOutputStream(bytes.length + 1024);
    try (OutputStream s = c.wrapForOutput(out, RecordBatch.MAGIC_VALUE_V2)) {
      s.write(bytes);
    }
    return out.position();
  }

  @Test
  void aBatchCompressesToOneMinusTheCompressibility() throws IOException {
    for (double c : new double[] {0.0, 0.3, 0.6, 0.9}) {
      Values v = new Values(SizeDistribution.parse("uniform:200-2000"), c);
      for (String codec : new String[] {"jdk-gzip", "lz4", "zstd"}) {
        double r = ratio(v, codec, 40);
        assertEquals(1 - c, r, 0.05, "compressibility " + c + " with " + codec);
      }
    }
  }

  @Test
  void fixedSizesKeepTheirSizeWithACompressibility() throws IOException {
    Values v = new Values(SizeDistribution.fixed(1024), 0.6);
    for (int i = 0; i < 100; i++) {
      assertEquals(1024, v.next().length);
    }
    assertEquals(0.4, ratio(v, "lz4", 40), 0.05);
  }

  @Test
  void withoutACompressibilityValuesAreRandomLetters() throws IOException {
    Values v = new Values(SizeDistribution.parse("percentiles:p50=100,p99=1000"), null);
    for (int i = 0; i < 1000; i++) {
      byte[] b = v.next();
      assertTrue(b.length <= 1000);
      for (byte x : b) {
        assertTrue(x >= 'A' && x <= 'Z');
      }
    }
    // lz4 finds nothing to repeat in random letters, as in randomBytes
    assertTrue(ratio(v, "lz4", 20) > 0.95);
  }

  @Test
  void aCompressibilityOfOneOrMoreIsAConfigError() {
    assertTrue(error(() -> new Values(SizeDistribution.fixed(10), 1.0)).contains("0 to below 1"));
  }
}
