package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static kafkaload.KafkaDsl.schemaSubject;
import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.core.session.Session$;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.broker.EmbeddedKafka;
import kafkaload.internal.check.GatlingConfigForTests;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.DecodeSpec;
import kafkaload.internal.schema.EmbeddedRegistry;
import kafkaload.internal.schema.RegistrySettings;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.SchemaValueSpec;
import kafkaload.internal.schema.SubjectStrategy;
import kafkaload.internal.schema.TopicValue;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Wire compatibility with Confluent's own implementation, its Node.js serdes
 * (@confluentinc/schemaregistry, pinned in src/test/node/package-lock.json), reading the same
 * (embedded) registry. Records the protocol's encoder writes (Avro, Protobuf, JSON Schema) go
 * through the embedded broker and are decoded by Confluent's deserializers, field by field; records
 * Confluent's serializers write go through the broker and are decoded by the protocol's consume
 * decoder and matched by its JSONPath check. Skipped only when node is not installed; runs `npm ci`
 * when the lock's node_modules is not in the machine's cache yet (linkNodeModules).
 */
class NodeCrossCheckIT {
  private static final Path NODE_DIR = Paths.get("src/test/node");
  private static final String CONFLUENT = "@confluentinc/schemaregistry";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String AVRO =
      "{\"orderId\": \"o-42\", \"sku\": \"A-100\", \"qty\": 3, \"price\": 9.5, "
          + "\"express\": true, \"note\": \"fragile\"}";
  private static final String PROTO =
      "{\"orderId\": \"o-43\", \"sku\": \"B-7\", \"qty\": 2, \"price\": 1.25, "
          + "\"tags\": [\"a\", \"b\"], \"shipTo\": {\"city\": \"Lyon\", \"zip\": \"69001\"}}";
  private static final String JSONS =
      "{\"orderId\": \"o-44\", \"sku\": \"C-1\", \"qty\": 5, \"price\": 2.5}";

  @Test
  void confluentsNodeSerdesReadWhatTheProtocolWritesAndViceVersa() throws Exception {
    Assumptions.assumeTrue(
        run(List.of("node", "--version"), null, 30).exit == 0,
        "node is not installed: install Node.js 20 and npm (apt-get install nodejs npm) for the cross-check");
    linkNodeModules();
    try (EmbeddedRegistry registry = EmbeddedRegistry.start(null)) {
      SchemaContext ctx =
          new SchemaContext(
              new RegistrySettings(
                  registry.url(),
                  null,
                  true,
                  false,
                  SubjectStrategy.TOPIC,
                  SubjectStrategy.TOPIC,
                  RegistryTls.NONE,
                  null),
              new LongAdder(),
              InjectorShare.SINGLE);
      String avroTopic = uniqueTopic("xc-avro");
      String protoTopic = uniqueTopic("xc-proto");
      String jsonTopic = uniqueTopic("xc-json");
      for (String t : List.of(avroTopic, protoTopic, jsonTopic)) {
        createTopic(t, 1);
      }
      Map<String, byte[]> written =
          Map.of(
              avroTopic,
                  encode(ctx, SchemaFormat.AVRO, "schemas/order.avsc", null, AVRO, avroTopic),
              protoTopic,
                  encode(
                      ctx,
                      SchemaFormat.PROTOBUF,
                      "schemas/order.proto",
                      "Order",
                      PROTO,
                      protoTopic),
              jsonTopic,
                  encode(
                      ctx, SchemaFormat.JSON, "schemas/order.schema.json", null, JSONS, jsonTopic));
      produce(written);

      ObjectNode request = JSON.createObjectNode().put("registryUrl", registry.url());
      ArrayNode decode = request.putArray("decode");
      String[][] formats = {{avroTopic, "AVRO"}, {protoTopic, "PROTOBUF"}, {jsonTopic, "JSON"}};
      for (String[] f : formats) {
        byte[] viaBroker = readAll(f[0], 1).get(0).value();
        decode
            .addObject()
            .put("format", f[1])
            .put("topic", f[0])
            .put("hex", HexFormat.of().formatHex(viaBroker));
      }
      ArrayNode encode = request.putArray("encode");
      encode
          .addObject()
          .put("format", "AVRO")
          .put("topic", avroTopic)
          .set(
              "record",
              JSON.readTree(
                  "{\"orderId\": \"n-1\", \"sku\": \"N\", \"qty\": 7, \"price\": 3.5, \"express\": false, \"note\": null}"));
      encode
          .addObject()
          .put("format", "PROTOBUF")
          .put("topic", protoTopic)
          .put("messageName", "com.acme.Order")
          .set(
              "record",
              JSON.readTree(
                  "{\"orderId\": \"n-2\", \"qty\": 8, \"tags\": [\"x\"], "
                      + "\"shipTo\": {\"city\": \"Oslo\"}}"));
      encode
          .addObject()
          .put("format", "JSON")
          .put("topic", jsonTopic)
          .set("record", JSON.readTree("{\"orderId\": \"n-3\", \"sku\": \"J\", \"qty\": 9}"));

      Result node =
          run(
              List.of("node", NODE_DIR.resolve("crosscheck.js").toString()),
              request.toString(),
              120);
      assertEquals(0, node.exit, "the Node cross-check failed:\n" + node.out);
      JsonNode out = JSON.readTree(node.out);

      // Confluent's deserializers read the protocol's records, field by field.
      JsonNode avro = out.at("/decoded/0");
      assertEquals(JSON.readTree(AVRO), avro, "Avro as Confluent's AvroDeserializer reads it");
      JsonNode proto = out.at("/decoded/1");
      assertEquals("o-43", proto.get("orderId").asText());
      assertEquals("B-7", proto.get("sku").asText());
      assertEquals(2, proto.get("qty").asInt());
      assertEquals(1.25, proto.get("price").asDouble());
      assertEquals(
          List.of("a", "b"), List.of(proto.at("/tags/0").asText(), proto.at("/tags/1").asText()));
      assertEquals("Lyon", proto.at("/shipTo/city").asText());
      assertEquals("69001", proto.at("/shipTo/zip").asText());
      assertEquals(
          JSON.readTree(JSONS),
          out.at("/decoded/2"),
          "JSON Schema as Confluent's JsonDeserializer reads it");

      // The protocol's consume decoder and checks read Confluent's records, after a trip through
      // the broker.
      Map<String, byte[]> fromNode =
          Map.of(
              avroTopic, HexFormat.of().parseHex(out.at("/encoded/0/hex").asText()),
              protoTopic, HexFormat.of().parseHex(out.at("/encoded/1/hex").asText()),
              jsonTopic, HexFormat.of().parseHex(out.at("/encoded/2/hex").asText()));
      produce(fromNode);
      String[][] expect = {
        {avroTopic, "n-1", "$.qty", "7"},
        {protoTopic, "n-2", "$.shipTo.city", "Oslo"},
        {jsonTopic, "n-3", "$.qty", "9"}
      };
      for (String[] e : expect) {
        ConsumerRecord<byte[], byte[]> raw = readAll(e[0], 2).get(1);
        ConsumerRecord<byte[], byte[]> decoded = ctx.decoder(DecodeSpec.REGISTRY, e[0]).apply(raw);
        GatlingConfigForTests.ensure();
        RecordChecks checks =
            RecordChecks.of(
                List.of(
                    jsonPath("$.orderId").is(e[1]),
                    jsonPath(e[2]).is(e[3]),
                    schemaSubject().is(e[0] + "-value")));
        assertNull(
            checks.apply(decoded, Session$.MODULE$.apply("node", 1L, null)).failure(),
            new String(decoded.value(), StandardCharsets.UTF_8));
      }
      assertTrue(
          HexFormat.of().formatHex(fromNode.get(protoTopic)).startsWith("00000000"),
          "Confluent's framing from the Node side");
    }
  }

  private static byte[] encode(
      SchemaContext ctx,
      SchemaFormat f,
      String path,
      String message,
      String content,
      String topic) {
    var bound =
        ctx.bind(
            new SchemaValueSpec(
                f, path, message, content, SessionValue.constant(content), null, Map.of(), null),
            false,
            topic,
            "cross-check",
            n -> {});
    return ((TopicValue) bound).encode(null, topic);
  }

  private static void produce(Map<String, byte[]> records) throws Exception {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap());
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (Map.Entry<String, byte[]> e : records.entrySet()) {
        producer.send(new ProducerRecord<>(e.getKey(), e.getValue())).get(30, TimeUnit.SECONDS);
      }
    }
  }

  /**
   * Links src/test/node/node_modules to the pinned lock's install in the machine's cache
   * ($XDG_CACHE_HOME or ~/.cache, kafkaload/node/&lt;lock's SHA-256&gt;), installed there once with
   * {@code npm ci}, as Maven's local repository holds the jars: a fresh clone does not unpack 170
   * MB again. A new lock is a new folder; an install is moved into place whole, so a half-made one
   * is never used.
   */
  private static void linkNodeModules() throws Exception {
    Path link = NODE_DIR.resolve("node_modules");
    if (Files.isDirectory(link.resolve(CONFLUENT))) {
      return;
    }
    String lock =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(NODE_DIR.resolve("package-lock.json"))));
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache =
        (xdg == null || xdg.isBlank()
                ? Paths.get(System.getProperty("user.home"), ".cache")
                : Paths.get(xdg))
            .resolve(Paths.get("kafkaload", "node", lock.substring(0, 16)))
            .toAbsolutePath();
    if (!Files.isDirectory(cache.resolve("node_modules").resolve(CONFLUENT))) {
      Path staging = Files.createDirectories(cache.resolveSibling(cache.getFileName() + ".tmp"));
      staging = Files.createTempDirectory(staging, "npm-");
      for (String f : List.of("package.json", "package-lock.json")) {
        Files.copy(NODE_DIR.resolve(f), staging.resolve(f));
      }
      Result ci =
          run(
              List.of("npm", "ci", "--no-audit", "--no-fund", "--prefix", staging.toString()),
              null,
              600);
      assertEquals(0, ci.exit, "npm ci failed:\n" + ci.out);
      try {
        Files.move(staging, cache, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException raced) {
        // Another build installed the same lock meanwhile: its copy is as good.
        EmbeddedKafka.deleteRecursively(staging);
      }
      staging.getParent().toFile().delete(); // unless another install is under way
    }
    Files.deleteIfExists(link); // a link to a cache folder since removed
    Files.createSymbolicLink(link, cache.resolve("node_modules"));
  }

  private record Result(int exit, String out) {}

  private static Result run(List<String> cmd, String stdin, int timeoutSeconds) throws Exception {
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(stdin == null).start();
    } catch (IOException e) {
      return new Result(-1, e.toString());
    }
    if (stdin != null) {
      p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    p.getOutputStream().close();
    CompletableFuture<byte[]> err =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return p.getErrorStream().readAllBytes();
              } catch (IOException e) {
                return new byte[0];
              }
            });
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return new Result(-1, "timed out: " + cmd);
    }
    String errText = new String(err.get(), StandardCharsets.UTF_8);
    return new Result(p.exitValue(), p.exitValue() == 0 ? out : out + errText);
  }
}
