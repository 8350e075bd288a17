package kafkaload.bench;

import io.gatling.javaapi.core.Session;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import kafkaload.KafkaDsl;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.schema.Framing;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import kafkaload.internal.semantic.traffic.TrafficSemantic;
import kafkaload.internal.semantic.traffic.generate.GenSpec;
import kafkaload.internal.semantic.traffic.generate.RecordGenerator;

/**
 * The CPU a record's key and value cost to make, and to count in the traffic tap, per arm
 * (bench/traffic-cost.sh): fixed random bytes with a random key (today's default shape) against
 * Zipf keys with a size mix and compressible values, a hot set with percentile sizes, and Avro
 * records generated from schemas/order.avsc ({@link #ORDER_FIELDS}), written with Avro's encoder
 * and framed as a send writes them. One thread, CPU time of that thread, after a warm-up; prints ns
 * per record and the ratio to fixed.
 */
public final class TrafficGenBench {
  private TrafficGenBench() {}

  /** The field generators of the schema arm, as bench/traffic-cost.sh passes -Dvalue.fields. */
  static final String ORDER_FIELDS =
      "orderId=sequence:o-1;qty=range:1..10;sku=oneOf:A|B;note=regex:[A-Z]{3}-[0-9]{4};note=null:0.2";

  /** Generated records of schemas/order.avsc, encoded and framed (schema id 1). */
  static Function<Session, Object> avroOrders() {
    RecordSchema order = Schemas.load(SchemaFormat.AVRO, "schemas/order.avsc", null);
    RecordGenerator g =
        RecordGenerator.of(order, GenSpec.of("bench").withSeed(42).withFields(ORDER_FIELDS));
    AtomicLong n = new AtomicLong();
    return session -> Framing.frame(1, order.encode(g.record(n.getAndIncrement())));
  }

  record Arm(String name, Function<Session, Object> key, Function<Session, Object> value) {}

  public static void main(String[] args) {
    int records = args.length > 0 ? Integer.parseInt(args[0]) : 3_000_000;
    Arm[] arms = {
      new Arm(
          "fixed: randomKey, randomBytes(1024)", KafkaDsl.randomKey(), KafkaDsl.randomBytes(1024)),
      new Arm(
          "zipf(10000, 1.0), uniform:512-1536, compressibility 0.5",
          KafkaDsl.zipfKey(10_000, 1.0),
          KafkaDsl.recordBytes("uniform:512-1536", 0.5)),
      new Arm(
          "hot(80 %, 10 of 10000), percentiles:p50=512,p90=2048,p99=4096",
          KafkaDsl.hotKeys(80, 10, 10_000),
          KafkaDsl.recordBytes("percentiles:p50=512,p90=2048,p99=4096")),
      new Arm(
          "schema: randomKey, Avro order.avsc generated and encoded",
          KafkaDsl.randomKey(),
          avroOrders()),
    };
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    double[] ns = new double[arms.length];
    for (int round = 0; round < 3; round++) {
      for (int a = 0; a < arms.length; a++) {
        RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
        new TrafficSemantic().attach(ledger);
        long bytes = 0;
        long t0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < records; i++) {
          byte[] k = bytes(arms[a].key().apply(null));
          byte[] v = bytes(arms[a].value().apply(null));
          ledger.sent(k, v);
          bytes += v.length;
        }
        double perRecord = (double) (mx.getCurrentThreadCpuTime() - t0) / records;
        if (round > 0) { // round 0 warms the JIT up
          ns[a] += perRecord / 2;
        }
        if (bytes < 0) {
          System.out.println(bytes);
        }
      }
    }
    System.out.printf(
        Locale.ROOT, "%n| arm (%,d records, one thread) | ns per record | vs fixed |%n", records);
    System.out.println("|---|---|---|");
    for (int a = 0; a < arms.length; a++) {
      System.out.printf(
          Locale.ROOT, "| %s | %.0f | %.2f |%n", arms[a].name(), ns[a], ns[a] / ns[0]);
    }
  }

  /** The bytes the producer's serializer makes of a key or value (String as UTF-8). */
  private static byte[] bytes(Object o) {
    return o instanceof byte[] b ? b : o.toString().getBytes(StandardCharsets.UTF_8);
  }
}
