package kafkaload.internal.schema;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;
import static kafkaload.internal.schema.RecordSchema.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;

/**
 * The registry calls the serializers need, each answer cached (one call per schema per run), every
 * call counted (in the {@code calls} given); errors name the URL with the registry's message, never
 * the credentials.
 */
public final class RegistryClient {
  private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

  /** A schema as the registry holds it. */
  public record Registered(int id, SchemaFormat format, String schema) {}

  /** A failed registry call: {@code status} HTTP's (0: unreachable), {@code errorCode} its own. */
  public static final class RegistryException extends RuntimeException {
    public final int status;
    public final int errorCode;

    RegistryException(String message, int status, int errorCode) {
      super(message, null, false, false);
      this.status = status;
      this.errorCode = errorCode;
    }
  }

  private final String url;
  private final RegistryTls tls;
  private final String authorization;
  private final BearerTokens tokens;
  private final HttpClient http;
  private final LongAdder calls;

  /** The registry asked for this client's certificate (mutual TLS) in a handshake. */
  private final AtomicBoolean certificateRequested = new AtomicBoolean();

  private final Map<String, Registered> bySubject = new ConcurrentHashMap<>();
  private final Map<Integer, Registered> byId = new ConcurrentHashMap<>();
  private final Map<Integer, List<String>> subjectsById = new ConcurrentHashMap<>();

  /**
   * A client trusting {@code tls}'s truststore and presenting its keystore, opened now so a bad one
   * fails before the load. TLS settings with an http URL are refused: basic auth would travel in
   * the clear. With OAuth bearer tokens from {@code oauth} (fetched, renewed) when not null.
   */
  public RegistryClient(
      String url, String userInfo, RegistryTls tls, RegistryOAuth oauth, LongAdder calls) {
    this.tokens = oauth == null ? null : new BearerTokens(oauth);
    this.calls = calls;
    this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    this.tls = tls;
    this.authorization = userInfo == null ? null : basic(userInfo);
    boolean https = this.url.regionMatches(true, 0, "https://", 0, 8);
    if (tls.configured() && !https) {
      throw refused(
          "%s=%s is not https, but %s* settings are set: use an https:// URL, or remove "
              + "the TLS settings",
          RegistrySettings.URL, this.url, RegistryTls.PREFIX);
    }
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
    if (https && tls.configured()) {
      // Unset, the JVM's default context stays, with its javax.net.ssl.* stores.
      b.sslContext(tls.sslContext(() -> certificateRequested.set(true)));
    }
    this.http = b.build();
  }

  /** OAuth tokens fetched so far (0 without OAuth). */
  public int tokensFetched() {
    return tokens == null ? 0 : tokens.fetched();
  }

  /** Registers (or finds) the schema under the subject: POST /subjects/{s}/versions. */
  public Registered register(String subject, SchemaFormat format, String schema) {
    return cached(
        "register\0" + subject + "\0" + format + "\0" + schema,
        () -> {
          JsonNode r =
              call("POST", "/subjects/" + enc(subject) + "/versions", body(format, schema));
          return new Registered(r.get("id").asInt(), format, schema);
        });
  }

  /** The id of this schema under the subject, which must hold it already: POST /subjects/{s}. */
  public Registered lookup(String subject, SchemaFormat format, String schema) {
    return cached(
        "lookup\0" + subject + "\0" + format + "\0" + schema,
        () -> registered(call("POST", "/subjects/" + enc(subject), body(format, schema)), format));
  }

  /** The subject's latest version: GET /subjects/{s}/versions/latest. */
  public Registered latest(String subject) {
    return cached(
        "latest\0" + subject,
        () ->
            registered(call("GET", "/subjects/" + enc(subject) + "/versions/latest", null), null));
  }

  /** The schema with this id: GET /schemas/ids/{id}. */
  public Registered byId(int id) {
    // Called inside computeIfAbsent, like the others: two threads decoding a new id at once make
    // one call, not two.
    return byId.computeIfAbsent(
        id,
        k -> {
          JsonNode r = call("GET", "/schemas/ids/" + id, null);
          return new Registered(
              id, SchemaFormat.of(r.path("schemaType").asText(null)), r.get("schema").asText());
        });
  }

  /** The subjects that hold the schema with this id: GET /schemas/ids/{id}/versions. */
  public List<String> subjectsOf(int id) {
    return subjectsById.computeIfAbsent(
        id,
        k ->
            call("GET", "/schemas/ids/" + id + "/versions", null)
                .valueStream()
                .map(n -> n.get("subject").asText())
                .toList());
  }

  /** The answer cached under {@code key}, its id remembered for {@link #byId}. */
  private Registered cached(String key, Supplier<Registered> call) {
    return bySubject.computeIfAbsent(
        key,
        k -> {
          Registered r = call.get();
          byId.putIfAbsent(r.id(), r);
          return r;
        });
  }

  private static Registered registered(JsonNode r, SchemaFormat format) {
    SchemaFormat f =
        r.has("schemaType") || format == null
            ? SchemaFormat.of(r.path("schemaType").asText(null))
            : format;
    return new Registered(r.get("id").asInt(), f, r.get("schema").asText());
  }

  private static String body(SchemaFormat format, String schema) {
    return schema(JSON.createObjectNode(), format, schema).toString();
  }

  /** {@code o} with the schema and, unless Avro, its type, as the registry's REST API has them. */
  static ObjectNode schema(ObjectNode o, SchemaFormat format, String schema) {
    o.put("schema", schema);
    return format == SchemaFormat.AVRO ? o : o.put("schemaType", format.name());
  }

  /** A response's body as JSON; null when it is not JSON. */
  static JsonNode jsonOrNull(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The Authorization header of HTTP basic auth with {@code userInfo} ("user:password"). */
  static String basic(String userInfo) {
    return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
  }

  /** The exception's simple class name, then its message if it has one. */
  static String named(Exception e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** What failed in a TLS handshake, as a user can fix it; null for no TLS failure. */
  private String tlsFailure(IOException e) {
    boolean ssl = false;
    String all = "";
    for (Throwable t = e; t != null; t = t.getCause()) {
      ssl |= t instanceof SSLException;
      all += " " + t.getClass().getSimpleName() + ": " + t.getMessage();
    }
    String reason =
        " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
    String trust =
        tls.truststoreLocation() == null
            ? "the JVM's default truststore"
            : RegistryTls.TRUSTSTORE_LOCATION + "=" + tls.truststoreLocation();
    if (ssl
        && (all.contains("PKIX")
            || all.contains("CertPathBuilderException")
            || all.contains("certification path"))) {
      return String.format(
          "the registry's certificate is not trusted by %s: set %s to a truststore holding "
              + "the registry's CA%s",
          trust, RegistryTls.TRUSTSTORE_LOCATION, reason);
    }
    if (ssl && (all.contains("No subject alternative") || all.contains("No name matching"))) {
      return "the registry's certificate does not name the host of " + url + reason;
    }
    if (certificateRequested.get()
        && (ssl || all.contains("Connection reset") || all.contains("received no bytes"))) {
      // TLS 1.3: the registry checks the client's certificate after the handshake, and refusing it
      // resets the connection; that it asked for one is what says why.
      return String.format(
          "the registry requires a client certificate (mutual TLS) and did not accept this "
              + "client's: %s%s",
          tls.keystoreLocation() == null
              ? "no " + RegistryTls.KEYSTORE_LOCATION + " is set"
              : "%s=%s is not signed by a CA it trusts"
                  .formatted(RegistryTls.KEYSTORE_LOCATION, tls.keystoreLocation()),
          reason);
    }
    if (!ssl) {
      return null;
    }
    // "Unrecognized SSL message" or "Unsupported or unrecognized SSL message", by JDK version
    if (all.contains("nrecognized SSL message")) {
      return "the registry does not speak TLS at this address: is it served over http://?" + reason;
    }
    return e.getClass().getSimpleName() + reason;
  }

  private JsonNode call(String method, String path, String body) {
    HttpRequest.Builder req =
        HttpRequest.newBuilder(URI.create(url + path))
            .timeout(Duration.ofSeconds(10))
            .header("Accept", CONTENT_TYPE)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      req.header("Content-Type", CONTENT_TYPE);
    }
    if (tokens != null) {
      req.header("Authorization", tokens.authorization());
    } else if (authorization != null) {
      req.header("Authorization", authorization);
    }
    calls.increment();
    certificateRequested.set(false);
    HttpResponse<String> resp;
    try {
      resp = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      String tls = tlsFailure(e);
      String why =
          tls == null
              ? "Schema Registry at %s is unreachable (%s %s): %s"
              : "Schema Registry at %s: TLS handshake failed (%s %s): %s";
      throw new RegistryException(
          why.formatted(url, method, path, tls == null ? named(e) : tls), 0, 0);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryException("interrupted while calling the Schema Registry at " + url, 0, 0);
    }
    int status = resp.statusCode();
    JsonNode json = jsonOrNull(resp.body());
    if (status / 100 == 2 && json != null) {
      return json;
    }
    if (status / 100 == 2) {
      throw new RegistryException(
          "Schema Registry at %s answered %s %s with a body that is not JSON"
              .formatted(url, method, path),
          status,
          0);
    }
    // not Confluent's error body: shown as it is
    int code = json == null ? status : json.path("error_code").asInt(status);
    String message = json == null ? resp.body() : json.path("message").asText(resp.body());
    String what =
        status == 401
            ? (tokens != null
                ? "refused the bearer token (401 Unauthorized; check bearer.auth.* and that the "
                    + "registry accepts tokens from "
                    + RegistryOAuth.ISSUER_ENDPOINT_URL
                    + "'s issuer)"
                : "refused the credentials (401 Unauthorized; check basic.auth.user.info)")
            : status == 403
                ? "refused access (403 Forbidden)"
                : "answered " + status + " (error_code " + code + ")";
    throw new RegistryException(
        "Schema Registry at " + url + " " + what + " to " + method + " " + path + ": " + message,
        status,
        code);
  }
}
