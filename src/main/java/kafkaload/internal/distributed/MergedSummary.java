package kafkaload.internal.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.report.Histograms;
import kafkaload.internal.run.DeliveryLedger;
import org.HdrHistogram.Histogram;

/**
 * The merged kafka-summary.json, in the shape of one run's (so the same Kafka page draws it): counts and bytes
 * summed, rates summed over the injectors (and, beside them, over the span from the first injector's first ack
 * to the last one's last), latency percentiles
 * from the injectors' HdrHistograms added together (exact), partitions summed, the timeline summed second by
 * second (each injector's seconds from its own start), and a row per injector.
 */
final class MergedSummary {
  private MergedSummary() {}

  static Map<String, Object> of(List<Merge.Found> complete, List<Map<String, Object>> rows,
      List<Map<String, Object>> reconciliations) {
    List<JsonNode> sums = complete.stream().map(Merge.Found::summary).filter(s -> s != null).toList();
    Map<String, Object> root = new LinkedHashMap<>();
    if (sums.isEmpty()) {
      root.put("injectors", rows);
      return root;
    }
    JsonNode first = sums.get(0);
    root.put("startedAt", sums.stream().map(s -> s.path("startedAt").asText()).min(String::compareTo).get());
    root.put("endedAt", sums.stream().map(s -> s.path("endedAt").asText()).max(String::compareTo).get());
    root.put("durationSeconds", (Instant.parse((String) root.get("endedAt")).toEpochMilli()
        - Instant.parse((String) root.get("startedAt")).toEpochMilli()) / 1000.0);
    root.put("parameters", Merge.tree(first.path("parameters")));
    List<Object> protocols = new ArrayList<>();
    for (int k = 0; k < first.path("protocols").size(); k++) {
      int kk = k;
      protocols.add(protocol(sums.stream().map(s -> s.path("protocols").path(kk)).toList(), k < reconciliations.size() ? reconciliations.get(k) : null));
    }
    root.put("protocols", protocols);
    root.put("injector", health(sums, complete));
    root.put("timeline", timeline(sums));
    root.put("injectors", rows);
    return root;
  }

  private static Map<String, Object> protocol(List<JsonNode> ps, Map<String, Object> reconciliation) {
    JsonNode p0 = ps.get(0);
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("config", Merge.tree(p0.path("config")));
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("ackedOk", sum(ps, "throughput", "ackedOk"));
    t.put("failed", sum(ps, "throughput", "failed"));
    t.put("inFlightAtEnd", sum(ps, "throughput", "inFlightAtEnd"));
    t.put("ackedBytes", sum(ps, "throughput", "ackedBytes"));
    t.putAll(rates(ps.stream().map(x -> x.path("throughput")).toList(), "ackedOk", "ackedBytes"));
    Map<String, Object> byRequest = new TreeMap<>();
    ps.forEach(x -> x.path("throughput").path("byRequest").fieldNames().forEachRemaining(n -> byRequest.put(n, null)));
    for (String name : new ArrayList<>(byRequest.keySet())) {
      List<JsonNode> rs = ps.stream().map(x -> x.path("throughput").path("byRequest").path(name))
          .filter(JsonNode::isObject).toList();
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("acked", rs.stream().mapToLong(x -> x.path("acked").asLong()).sum());
      r.put("bytes", rs.stream().mapToLong(x -> x.path("bytes").asLong()).sum());
      r.putAll(rates(rs, "acked", "bytes"));
      byRequest.put(name, r);
    }
    t.put("byRequest", byRequest);
    p.put("throughput", t);
    Map<String, Object> latency = new TreeMap<>();
    Map<String, Object> encoded = new TreeMap<>();
    merged(ps, "ackLatencyHistograms").forEach((name, h) -> {
      latency.put(name, Histograms.percentiles(h));
      encoded.put(name, Histograms.encode(h));
    });
    p.put("ackLatencyMs", latency);
    Map<String, Object> e2e = new TreeMap<>();
    merged(ps, "e2eLatencyHistograms").forEach((name, h) -> e2e.put(name, Histograms.percentiles(h)));
    p.put("e2eLatencyMs", e2e);
    p.put("ackLatencyHistograms", encoded);
    Map<String, long[]> parts = new TreeMap<>();
    for (JsonNode x : ps) {
      for (JsonNode row : x.path("partitions")) {
        long[] c = parts.computeIfAbsent(row.path("topic").asText() + "\u0000" + row.path("partition").asInt(),
            key -> new long[2]);
        c[0] += row.path("records").asLong();
        c[1] += row.path("bytes").asLong();
      }
    }
    Map<String, Long> topicTotals = new TreeMap<>();
    parts.forEach((key, c) -> topicTotals.merge(key.split("\u0000")[0], c[0], Long::sum));
    List<Object> partitions = new ArrayList<>();
    parts.forEach((key, c) -> {
      String[] tp = key.split("\u0000");
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("topic", tp[0]);
      row.put("partition", Integer.parseInt(tp[1]));
      row.put("records", c[0]);
      row.put("bytes", c[1]);
      row.put("sharePct", 100.0 * c[0] / Math.max(1, topicTotals.get(tp[0])));
      partitions.add(row);
    });
    partitions.sort((a, b) -> {
      Map<?, ?> x = (Map<?, ?>) a;
      Map<?, ?> y = (Map<?, ?>) b;
      int c = ((String) x.get("topic")).compareTo((String) y.get("topic"));
      return c != 0 ? c : Integer.compare((Integer) x.get("partition"), (Integer) y.get("partition"));
    });
    p.put("partitions", partitions);
    Object error = reconciliation == null ? null : reconciliation.get("error");
    p.put("reconciliation", error != null ? null : reconciliation);
    p.put("reconciliationError", error);
    List<Object> faults = new ArrayList<>();
    ps.forEach(x -> x.path("faults").forEach(f -> faults.add(Merge.tree(f))));
    p.put("faults", faults);
    return p;
  }

  /** Counts over the span from the earliest first ack to the latest last ack of all injectors. */
  private static Map<String, Object> rates(List<JsonNode> ts, String countField, String bytesField) {
    long count = ts.stream().mapToLong(x -> x.path(countField).asLong()).sum();
    long bytes = ts.stream().mapToLong(x -> x.path(bytesField).asLong()).sum();
    long firstAck = ts.stream().filter(x -> x.path("firstAckMillis").isNumber())
        .mapToLong(x -> x.path("firstAckMillis").asLong()).min().orElse(Long.MAX_VALUE);
    long lastAck = ts.stream().filter(x -> x.path("lastAckMillis").isNumber())
        .mapToLong(x -> x.path("lastAckMillis").asLong()).max().orElse(Long.MIN_VALUE);
    Map<String, Object> m = DeliveryLedger.rates(count, bytes, firstAck, lastAck);
    // Summed throughput: each injector's own rate over its own first-to-last ack, added up. It does not depend on
    // how closely the injectors started together; the union span's rate above does (kept as overUnionSpan).
    Map<String, Object> union = new LinkedHashMap<>();
    union.put("msgsPerSec", m.get("msgsPerSec"));
    union.put("mbPerSec", m.get("mbPerSec"));
    m.put("overUnionSpan", union);
    if (ts.stream().allMatch(x -> x.path("msgsPerSec").isNumber())) {
      m.put("msgsPerSec", ts.stream().mapToDouble(x -> x.path("msgsPerSec").asDouble()).sum());
      m.put("mbPerSec", ts.stream().mapToDouble(x -> x.path("mbPerSec").asDouble()).sum());
    }
    return m;
  }

  private static Map<String, Histogram> merged(List<JsonNode> ps, String field) {
    Map<String, Histogram> out = new TreeMap<>();
    for (JsonNode p : ps) {
      p.path(field).fields().forEachRemaining(e -> {
        Histogram h = Histograms.decode(e.getValue().asText());
        out.merge(e.getKey(), h, (a, b) -> {
          a.add(b);
          return a;
        });
      });
    }
    return out;
  }

  private static long sum(List<JsonNode> ps, String section, String field) {
    return ps.stream().mapToLong(x -> x.path(section).path(field).asLong()).sum();
  }

  /** Every injector's health: saturated when any was, each reason naming its injector. */
  private static Map<String, Object> health(List<JsonNode> sums, List<Merge.Found> complete) {
    Map<String, Object> h = Merge.tree(sums.get(0).path("injector"));
    List<String> reasons = new ArrayList<>();
    boolean saturated = false;
    double cpu = 0;
    for (Merge.Found f : complete) {
      if (f.summary() == null) {
        continue;
      }
      JsonNode i = f.summary().path("injector");
      saturated |= i.path("saturated").asBoolean();
      i.path("reasons").forEach(r -> reasons.add("injector " + f.index() + ": " + r.asText()));
      cpu += i.path("cpuSecondsAtEnd").asDouble();
    }
    h.put("saturated", saturated);
    h.put("reasons", reasons);
    h.put("cpuSecondsAtEnd", cpu);
    return h;
  }

  /** Second by second from each injector's start: rates summed, the rest (CPU, GC, delay) the worst injector's. */
  private static List<Map<String, Object>> timeline(List<JsonNode> sums) {
    TreeMap<Long, Map<String, Object>> bySecond = new TreeMap<>();
    for (JsonNode s : sums) {
      for (JsonNode sample : s.path("timeline")) {
        Map<String, Object> m = bySecond.computeIfAbsent(sample.path("second").asLong(), k -> new LinkedHashMap<>());
        sample.fields().forEachRemaining(e -> {
          if (!e.getValue().isNumber()) {
            m.putIfAbsent(e.getKey(), Injector.JSON.convertValue(e.getValue(), Object.class));
            return;
          }
          double v = e.getValue().asDouble();
          Object old = m.get(e.getKey());
          double o = old instanceof Number n ? n.doubleValue() : Double.NaN;
          boolean summed = e.getKey().equals("msgsPerSec") || e.getKey().equals("mbPerSec");
          m.put(e.getKey(), e.getKey().equals("second") ? sample.path("second").asLong()
              : Double.isNaN(o) ? v : summed ? o + v : Math.max(o, v));
        });
      }
    }
    return new ArrayList<>(bySecond.values());
  }
}
