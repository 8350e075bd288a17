package kafkaload.internal.schema;

import static kafkaload.internal.schema.RecordSchema.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import kafkaload.internal.config.Console;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.kafka.common.utils.internals.ThreadUtils;

/**
 * A TEST DOUBLE of Confluent's Schema Registry, in-process, for zero-setup runs and tests: the REST
 * calls this project makes, Confluent's status codes and errors, optional basic auth, bearer
 * tokens, HTTPS and mTLS, BACKWARD compatibility for Avro. In memory only: not a registry to run a
 * system on.
 */
public final class EmbeddedRegistry implements AutoCloseable {

  /** The current run's registry, when it has no URL: started on first use, stopped at its end. */
  private static EmbeddedRegistry shared;

  /** A schema; its id is its place in {@link #ids}, plus one. */
  private record Stored(SchemaFormat format, String schema) {}

  private final HttpServer server;
  private final String userInfo;
  private final Function<String, String> tokenCheck;
  private final Map<String, List<Stored>> subjects = new LinkedHashMap<>();
  private final List<Stored> ids = new ArrayList<>();
  private final AtomicLong requests = new AtomicLong();

  /** Starts on a free loopback port; {@code userInfo} ("user:password") turns on basic auth. */
  public static EmbeddedRegistry start(String userInfo) {
    return new EmbeddedRegistry(userInfo, null, false, null);
  }

  /** Starts over HTTPS; with {@code needClientAuth} a client must present a trusted certificate. */
  public static EmbeddedRegistry startHttps(
      String userInfo, SSLContext tls, boolean needClientAuth) {
    return new EmbeddedRegistry(userInfo, Objects.requireNonNull(tls), needClientAuth, null);
  }

  /** Starts with bearer tokens: {@code tokenCheck} returns null to accept one, else why not. */
  public static EmbeddedRegistry startWithTokens(Function<String, String> tokenCheck) {
    return new EmbeddedRegistry(null, null, false, Objects.requireNonNull(tokenCheck));
  }

  /** The zero-setup runs' registry, started on first use, stopped at the run's end. */
  public static synchronized EmbeddedRegistry shared() {
    if (shared == null) {
      shared = start(null);
      Console.out(
          "[kafkaload] No schema.registry.url set: started the embedded Schema Registry (an in-process "
              + "test double of Confluent's REST API, not for production) at "
              + shared.url());
    }
    return shared;
  }

  /** Stops the shared registry, if one was started. */
  public static synchronized void stopShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  private EmbeddedRegistry(
      String userInfo,
      SSLContext tls,
      boolean needClientAuth,
      Function<String, String> tokenCheck) {
    this.userInfo = userInfo;
    this.tokenCheck = tokenCheck;
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    try {
      server = tls == null ? HttpServer.create(loopback, 0) : HttpsServer.create(loopback, 0);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the embedded Schema Registry: " + e, e);
    }
    if (server instanceof HttpsServer https) {
      https.setHttpsConfigurator(
          new HttpsConfigurator(tls) {
            @Override
            public void configure(HttpsParameters params) {
              SSLParameters p = tls.getDefaultSSLParameters();
              p.setNeedClientAuth(needClientAuth);
              params.setSSLParameters(p);
            }
          });
    }
    server.createContext("/", this::handle);
    server.setExecutor(
        Executors.newFixedThreadPool(
            2, ThreadUtils.createThreadFactory("kafkaload-embedded-registry", true)));
    server.start();
  }

  public String url() {
    InetSocketAddress at = server.getAddress();
    String scheme = server instanceof HttpsServer ? "https" : "http";
    return scheme + "://" + at.getHostString() + ":" + at.getPort();
  }

  /** HTTP requests served so far (for the tests: one call per schema per run). */
  public long requests() {
    return requests.get();
  }

  @Override
  public void close() {
    server.stop(0);
    ((ExecutorService) server.getExecutor()).shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    requests.incrementAndGet();
    try (ex) {
      try {
        send(ex, 200, answer(ex));
      } catch (RegistryClient.RegistryException e) {
        error(ex, e.status, e.errorCode, e.getMessage());
      }
    } catch (RuntimeException e) {
      error(ex, 500, 50001, "Error in the backend data store: " + e);
    }
  }

  /** The answer to a request; a refusal throws, with Confluent's status, code and message. */
  private JsonNode answer(HttpExchange ex) throws IOException {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    if (userInfo != null && !RegistryClient.basic(userInfo).equals(auth)) {
      throw refused(401, 401, "Unauthorized");
    }
    if (tokenCheck != null) {
      String why =
          auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)
              ? "no bearer token"
              : tokenCheck.apply(auth.substring(7).trim());
      if (why != null) {
        throw refused(401, 401, "Unauthorized: " + why);
      }
    }
    String[] p = ex.getRequestURI().getRawPath().replaceAll("^/+|/+$", "").split("/");
    for (int i = 0; i < p.length; i++) {
      p[i] = URLDecoder.decode(p[i], StandardCharsets.UTF_8);
    }
    boolean get = ex.getRequestMethod().equals("GET");
    boolean post = ex.getRequestMethod().equals("POST");
    boolean subject = p[0].equals("subjects");
    boolean serialized =
        String.valueOf(ex.getRequestURI().getQuery()).contains("format=serialized");
    synchronized (this) {
      if (get && p.length == 1 && subject) {
        return JSON.valueToTree(subjects.keySet());
      } else if (post && p.length == 3 && subject && p[2].equals("versions")) {
        return register(parse(ex), p[1]);
      } else if (post && p.length == 2 && subject) {
        return lookup(parse(ex), p[1]);
      } else if (get && p.length == 4 && subject && p[2].equals("versions")) {
        return version(p[1], p[3], serialized);
      } else if (get && p.length >= 3 && p[0].equals("schemas") && p[1].equals("ids")) {
        return byId(p[2], p.length == 4 && p[3].equals("versions"), serialized);
      }
      throw refused(404, 404, "HTTP 404 Not Found");
    }
  }

  private static RegistryClient.RegistryException refused(int status, int code, String message) {
    return new RegistryClient.RegistryException(message, status, code);
  }

  /** The schema of a register or look-up request; an invalid one is refused with 42201. */
  private static Stored parse(HttpExchange ex) throws IOException {
    JsonNode body = JSON.readTree(ex.getRequestBody());
    SchemaFormat f = SchemaFormat.of(body.path("schemaType").asText(null));
    try {
      return new Stored(f, Schemas.parse(f, body.path("schema").asText(), null).text());
    } catch (RecordSchema.Mismatch e) {
      throw refused(422, 42201, "Invalid schema: " + e.getMessage());
    }
  }

  private JsonNode register(Stored s, String subject) {
    List<Stored> versions = subjects.computeIfAbsent(subject, k -> new ArrayList<>());
    if (!versions.contains(s)) {
      String incompatible =
          versions.isEmpty() ? "" : backwardIncompatibility(versions.get(versions.size() - 1), s);
      if (!incompatible.isEmpty()) {
        String m = "Schema being registered is incompatible with an earlier schema for subject";
        throw refused(
            409, 409, String.format("%s \"%s\", details: [%s]", m, subject, incompatible));
      }
      if (!ids.contains(s)) {
        ids.add(s);
      }
      versions.add(s);
    }
    return JSON.createObjectNode().put("id", ids.indexOf(s) + 1);
  }

  /**
   * BACKWARD: the new schema must read what the previous wrote (Avro only); empty if it can (a
   * compatible pair has no incompatibilities).
   */
  private static String backwardIncompatibility(Stored previous, Stored next) {
    if (next.format() != SchemaFormat.AVRO || previous.format() != SchemaFormat.AVRO) {
      return "";
    }
    Schema writer = new Schema.Parser().parse(previous.schema());
    Schema reader = new Schema.Parser().parse(next.schema());
    var result = SchemaCompatibility.checkReaderWriterCompatibility(reader, writer).getResult();
    return result.getIncompatibilities().stream()
        .map(
            i ->
                String.format(
                    "{errorType:'%s', description:'%s', location:'%s'}",
                    i.getType(), i.getMessage(), i.getLocation()))
        .collect(Collectors.joining(", "));
  }

  private JsonNode lookup(Stored s, String subject) {
    int i = versions(subject).indexOf(s);
    if (i < 0) {
      throw refused(404, 40403, "Schema not found");
    }
    return describe(subject, i + 1, s, false);
  }

  private JsonNode version(String subject, String version, boolean serialized) {
    List<Stored> versions = versions(subject);
    int v;
    try {
      v = version.equals("latest") ? versions.size() : Integer.parseInt(version);
    } catch (NumberFormatException e) { // as Confluent's: a 422, not a missing version
      throw refused(
          422, 42202, "The specified version '" + version + "' is not a valid version id.");
    }
    if (v == -1) { // Confluent's other name for the latest
      v = versions.size();
    }
    if (v < 1 || v > versions.size()) {
      throw refused(404, 40402, "Version " + version + " not found.");
    }
    return describe(subject, v, versions.get(v - 1), serialized);
  }

  /** The subject's versions; a subject without any is refused with 40401. */
  private List<Stored> versions(String subject) {
    List<Stored> versions = subjects.get(subject);
    if (versions == null) {
      throw refused(404, 40401, "Subject '" + subject + "' not found.");
    }
    return versions;
  }

  /** {@code serialized}: Protobuf as a base64 FileDescriptorProto (?format=serialized). */
  private JsonNode byId(String id, boolean versions, boolean serialized) {
    int n;
    try {
      n = Integer.parseInt(id);
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 1 || n > ids.size()) {
      throw refused(404, 40403, "Schema " + id + " not found");
    }
    if (!versions) {
      return schema(JSON.createObjectNode(), ids.get(n - 1), serialized);
    }
    ArrayNode out = JSON.createArrayNode();
    for (Map.Entry<String, List<Stored>> e : subjects.entrySet()) {
      for (int i = 0; i < e.getValue().size(); i++) {
        if (e.getValue().get(i).equals(ids.get(n - 1))) {
          out.addObject().put("subject", e.getKey()).put("version", i + 1);
        }
      }
    }
    return out;
  }

  private ObjectNode describe(String subject, int version, Stored s, boolean serialized) {
    ObjectNode o = JSON.createObjectNode().put("subject", subject).put("version", version);
    return schema(o.put("id", ids.indexOf(s) + 1), s, serialized);
  }

  /** The schema and, unless Avro, its type; {@code serialized} as in {@link #byId}. */
  private static ObjectNode schema(ObjectNode o, Stored s, boolean serialized) {
    boolean bytes = serialized && s.format() == SchemaFormat.PROTOBUF;
    String schema = bytes ? ProtobufSchema.serialized(s.schema()) : s.schema();
    return RegistryClient.schema(o, s.format(), schema);
  }

  private static void error(HttpExchange ex, int status, int code, String message)
      throws IOException {
    send(ex, status, JSON.createObjectNode().put("error_code", code).put("message", message));
  }

  private static void send(HttpExchange ex, int status, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    ex.getResponseHeaders().set("Content-Type", "application/vnd.schemaregistry.v1+json");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }
}
