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

/**
 * The registry calls the serializers need, each answer cached (one call per schema per run), every
 * call counted (in the {@code calls} given), with basic auth or an OAuth bearer token (client
 * credentials, renewed near its end); errors name the URL with the registry's message, never the
 * credentials.
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
  private final HttpClient http;
  private final LongAdder calls;

  /** The registry asked for this client's certificate (mutual TLS) in a handshake. */
  private final AtomicBoolean certificateRequested = new AtomicBoolean();

  private final Map<String, Registered> bySubject = new ConcurrentHashMap<>();
  private final Map<Integer, Registered> byId = new ConcurrentHashMap<>();
  private final Map<Integer, List<String>> subjectsById = new ConcurrentHashMap<>();

  /** OAuth: the settings, the token endpoint's client (the JVM's TLS), the token and its end. */
  private final RegistryOAuth oauth;

  private final HttpClient tokenHttp;
  private String token;
  private long tokenReplaceAtMs;
  private int tokensFetched;

  /**
   * A client trusting {@code tls}'s truststore and presenting its keystore, opened now so a bad one
   * fails before the load. TLS settings with an http URL are refused: basic auth would travel in
   * the clear. With OAuth bearer tokens from {@code oauth} (fetched, renewed) when not null.
   */
  public RegistryClient(
      String url, String userInfo, RegistryTls tls, RegistryOAuth oauth, LongAdder calls) {
    this.oauth = oauth;
    this.tokenHttp =
        oauth == null
            ? null
            : HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
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
  public synchronized int tokensFetched() {
    return tokensFetched;
  }

  /**
   * The bearer token's Authorization header: the token while it lasts, else a new one by client
   * credentials (HTTP Basic).
   */
  private synchronized String bearer() {
    if (token != null && System.currentTimeMillis() < tokenReplaceAtMs) {
      return "Bearer " + token;
    }
    String endpoint = oauth.issuerEndpointUrl();
    String grant =
        "grant_type=client_credentials"
            + (oauth.scope() == null ? "" : "&scope=" + form(oauth.scope()));
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(endpoint))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("Accept", "application/json")
            .header(
                "Authorization", basic(form(oauth.clientId()) + ":" + form(oauth.clientSecret())))
            .POST(HttpRequest.BodyPublishers.ofString(grant))
            .build();
    String prefix =
        "Schema Registry OAuth: the token endpoint %s (%s)"
            .formatted(endpoint, RegistryOAuth.ISSUER_ENDPOINT_URL);
    HttpResponse<String> resp;
    try {
      resp = tokenHttp.send(req, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new RegistryException(prefix + " is unreachable: " + named(e), 0, 0);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryException(prefix + ": interrupted", 0, 0);
    }
    JsonNode n = jsonOrNull(resp.body());
    if (resp.statusCode() / 100 != 2) {
      // not an OAuth error body: shown as it is
      String error =
          n == null
              ? resp.body()
              : n.path("error").asText("") + " " + n.path("error_description").asText("");
      throw new RegistryException(
          String.format(
              "%s refused client '%s' (%s %s). Check %s and the client secret (%s or %s in "
                  + "the properties file)",
              prefix,
              oauth.clientId(),
              resp.statusCode(),
              error.trim(),
              RegistryOAuth.CLIENT_ID,
              RegistryOAuth.CLIENT_SECRET_ENV,
              RegistryOAuth.CLIENT_SECRET),
          resp.statusCode(),
          0);
    }
    if (n == null) {
      throw new RegistryException(prefix + " answered with a body that is not JSON", 0, 0);
    }
    String access = n.path("access_token").asText(null);
    if (access == null || access.isEmpty()) {
      throw new RegistryException(prefix + " answered without an access_token", 0, 0);
    }
    long lifeMs = n.path("expires_in").asLong(300) * 1000;
    // A buffer as long as the token's life would refetch on every call: keep a fifth of it at
    // least.
    long bufferMs = Math.min(oauth.expiryBufferSeconds() * 1000, lifeMs * 4 / 5);
    token = access;
    tokenReplaceAtMs = System.currentTimeMillis() + lifeMs - bufferMs;
    tokensFetched++;
    return "Bearer " + token;
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
    return form(s).replace("+", "%20");
  }

  private static String form(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
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
    if (oauth != null) {
      req.header("Authorization", bearer());
    } else if (authorization != null) {
      req.header("Authorization", authorization);
    }
    calls.increment();
    certificateRequested.set(false);
    HttpResponse<String> resp;
    try {
      resp = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      String handshake = tls.failure(e, url, certificateRequested.get());
      String why =
          handshake == null
              ? "Schema Registry at %s is unreachable (%s %s): %s"
              : "Schema Registry at %s: TLS handshake failed (%s %s): %s";
      throw new RegistryException(
          why.formatted(url, method, path, handshake == null ? named(e) : handshake), 0, 0);
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
            ? (oauth != null
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
