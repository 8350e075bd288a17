package kafkaload.internal.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The registry's OAuth token: client credentials (HTTP Basic), renewed near its end. */
final class BearerTokens {

  private final RegistryOAuth settings;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private String token;
  private long replaceAtMs;
  private int fetched;

  BearerTokens(RegistryOAuth settings) {
    this.settings = settings;
  }

  /** The Authorization header's value. */
  synchronized String authorization() {
    if (token != null && System.currentTimeMillis() < replaceAtMs) {
      return "Bearer " + token;
    }
    String url = settings.issuerEndpointUrl();
    String form =
        "grant_type=client_credentials"
            + (settings.scope() == null ? "" : "&scope=" + enc(settings.scope()));
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("Accept", "application/json")
            .header(
                "Authorization",
                RegistryClient.basic(enc(settings.clientId()) + ":" + enc(settings.clientSecret())))
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build();
    String prefix =
        "Schema Registry OAuth: the token endpoint %s (%s)"
            .formatted(url, RegistryOAuth.ISSUER_ENDPOINT_URL);
    HttpResponse<String> resp;
    try {
      resp = http.send(req, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new RegistryClient.RegistryException(
          prefix + " is unreachable: " + RegistryClient.named(e), 0, 0);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryClient.RegistryException(prefix + ": interrupted", 0, 0);
    }
    JsonNode n = RegistryClient.jsonOrNull(resp.body());
    if (resp.statusCode() / 100 != 2) {
      // not an OAuth error body: shown as it is
      String error =
          n == null
              ? resp.body()
              : n.path("error").asText("") + " " + n.path("error_description").asText("");
      throw new RegistryClient.RegistryException(
          String.format(
              "%s refused client '%s' (%s %s). Check %s and the client secret (%s or %s in "
                  + "the properties file)",
              prefix,
              settings.clientId(),
              resp.statusCode(),
              error.trim(),
              RegistryOAuth.CLIENT_ID,
              RegistryOAuth.CLIENT_SECRET_ENV,
              RegistryOAuth.CLIENT_SECRET),
          resp.statusCode(),
          0);
    }
    if (n == null) {
      throw new RegistryClient.RegistryException(
          prefix + " answered with a body that is not JSON", 0, 0);
    }
    String access = n.path("access_token").asText(null);
    if (access == null || access.isEmpty()) {
      throw new RegistryClient.RegistryException(
          prefix + " answered without an access_token", 0, 0);
    }
    long lifeMs = n.path("expires_in").asLong(300) * 1000;
    // A buffer as long as the token's life would refetch on every call: keep a fifth of it at
    // least.
    long bufferMs = Math.min(settings.expiryBufferSeconds() * 1000, lifeMs * 4 / 5);
    token = access;
    replaceAtMs = System.currentTimeMillis() + lifeMs - bufferMs;
    fetched++;
    return "Bearer " + token;
  }

  /** Tokens fetched so far. */
  synchronized int fetched() {
    return fetched;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
