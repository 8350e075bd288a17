package kafkaload.internal.schema;

import java.util.LinkedHashMap;
import java.util.Map;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.Secrets;

/**
 * OAuth to the Schema Registry with the client-credentials grant, by Confluent's names ({@code
 * bearer.auth.credentials.source=OAUTHBEARER}, {@code bearer.auth.issuer.endpoint.url}, {@code
 * bearer.auth.client.id}, {@code bearer.auth.client.secret}, {@code bearer.auth.scope}, {@code
 * bearer.auth.cache.expiry.buffer.seconds}). The client secret is never printed.
 *
 * @param issuerEndpointUrl the identity provider's token endpoint
 * @param clientId the client id
 * @param clientSecret the client secret (from the properties file or the environment)
 * @param scope the scope asked for, or null
 * @param expiryBufferSeconds how long before its expiry a token is replaced
 */
public record RegistryOAuth(
    String issuerEndpointUrl,
    String clientId,
    String clientSecret,
    String scope,
    long expiryBufferSeconds) {
  public static final String CREDENTIALS_SOURCE = "bearer.auth.credentials.source";
  public static final String ISSUER_ENDPOINT_URL = "bearer.auth.issuer.endpoint.url";
  public static final String CLIENT_ID = "bearer.auth.client.id";
  public static final String CLIENT_SECRET = "bearer.auth.client.secret";
  public static final String SCOPE = "bearer.auth.scope";
  public static final String EXPIRY_BUFFER = "bearer.auth.cache.expiry.buffer.seconds";

  /** Where the client secret comes from when the properties file does not hold it. */
  public static final String CLIENT_SECRET_ENV = "SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET";

  /** Confluent's default buffer. */
  public static final long DEFAULT_EXPIRY_BUFFER_SECONDS = 300;

  /** The properties the DSL's schemaRegistryOAuth(..) sets; a null value is left unset. */
  public static Map<String, String> properties(
      String issuerEndpointUrl, String clientId, String clientSecret, String scope) {
    return ClientProperties.present(
        CREDENTIALS_SOURCE,
        "OAUTHBEARER",
        ISSUER_ENDPOINT_URL,
        issuerEndpointUrl,
        CLIENT_ID,
        clientId,
        CLIENT_SECRET,
        clientSecret,
        SCOPE,
        scope);
  }

  public Map<String, Object> describe() {
    // the properties as the DSL sets them, the secret masked, then the expiry buffer
    Map<String, Object> d =
        new LinkedHashMap<>(properties(issuerEndpointUrl, clientId, Secrets.MASK, scope));
    d.put(EXPIRY_BUFFER, expiryBufferSeconds);
    return d;
  }

  @Override
  public String toString() {
    return "RegistryOAuth" + describe();
  }
}
