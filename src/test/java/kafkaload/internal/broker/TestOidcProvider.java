package kafkaload.internal.broker;

import com.nimbusds.oauth2.sdk.TokenRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import no.nav.security.mock.oauth2.http.OAuth2HttpRequest;
import no.nav.security.mock.oauth2.http.OAuth2HttpResponse;
import no.nav.security.mock.oauth2.http.Route;
import no.nav.security.mock.oauth2.token.OAuth2TokenCallback;
import okhttp3.Headers;

/**
 * A TEST DOUBLE of an OIDC identity provider for the OAUTHBEARER and registry tests: NAV's
 * mock-oauth2-server, which speaks real OAuth2/OIDC (token endpoint, JWKS, discovery) and signs
 * real RS256 JWTs, plus what it does not do by itself: it authenticates the one client it knows
 * (any other id or secret gets 401 invalid_client, as a real provider answers), and the lifetime of
 * the tokens it issues can be set (short, to make a run outlive its token; negative, to issue an
 * already expired one). Test-only.
 */
public final class TestOidcProvider implements AutoCloseable {
  public static final String ISSUER = "kafkaload";
  public static final String CLIENT_ID = "loadtest-client";
  public static final String AUDIENCE = "kafka";

  /** Random per provider, so a test can grep every output for it. */
  public final String clientSecret = "oidc-" + UUID.randomUUID();

  private final MockOAuth2Server server;
  private final AtomicInteger issued = new AtomicInteger();
  private volatile long lifetimeSeconds = 3600;

  private TestOidcProvider() {
    OAuth2TokenCallback tokens =
        new OAuth2TokenCallback() {
          @Override
          public String issuerId() {
            return ISSUER;
          }

          @Override
          public String subject(TokenRequest request) {
            issued.incrementAndGet();
            return request.getClientID() != null ? request.getClientID().getValue() : CLIENT_ID;
          }

          @Override
          public String typeHeader(TokenRequest request) {
            return "JWT";
          }

          @Override
          public List<String> audience(TokenRequest request) {
            return List.of(AUDIENCE, "schema-registry");
          }

          @Override
          public Map<String, Object> addClaims(TokenRequest request) {
            return request.getScope() == null
                ? Map.of()
                : Map.of("scope", request.getScope().toString());
          }

          @Override
          public long tokenExpiry() {
            return lifetimeSeconds;
          }
        };
    Route clientAuthentication =
        new Route() {
          @Override
          public boolean match(OAuth2HttpRequest r) {
            return r.getMethod().equals("POST")
                && r.getUrl().encodedPath().endsWith("/token")
                && !authenticated(r);
          }

          @Override
          public OAuth2HttpResponse invoke(OAuth2HttpRequest r) {
            return new OAuth2HttpResponse(
                Headers.of("Content-Type", "application/json"),
                401,
                "{\"error\":\"invalid_client\",\"error_description\":\"client authentication failed\"}",
                null);
          }
        };
    OAuth2Config d = new OAuth2Config();
    server =
        new MockOAuth2Server(
            new OAuth2Config(
                d.getInteractiveLogin(),
                d.getLoginPagePath(),
                d.getStaticAssetsPath(),
                d.getRotateRefreshToken(),
                d.getTokenProvider(),
                Set.of(tokens),
                d.getHttpServer()),
            clientAuthentication);
  }

  /** Starts on a free loopback port. */
  public static TestOidcProvider start() throws Exception {
    TestOidcProvider p = new TestOidcProvider();
    p.server.start();
    return p;
  }

  private boolean authenticated(OAuth2HttpRequest r) {
    String id = r.getFormParameters().get("client_id");
    String secret = r.getFormParameters().get("client_secret");
    String basic = r.getHeaders().get("Authorization");
    if (basic != null && basic.regionMatches(true, 0, "Basic ", 0, 6)) {
      String pair =
          new String(Base64.getDecoder().decode(basic.substring(6).trim()), StandardCharsets.UTF_8);
      int colon = pair.indexOf(':');
      id = URLDecoder.decode(pair.substring(0, colon), StandardCharsets.UTF_8);
      secret = URLDecoder.decode(pair.substring(colon + 1), StandardCharsets.UTF_8);
    }
    return CLIENT_ID.equals(id) && clientSecret.equals(secret);
  }

  /** The lifetime of the tokens issued from now on; negative issues expired ones. */
  public void lifetimeSeconds(long seconds) {
    this.lifetimeSeconds = seconds;
  }

  /** Tokens issued so far. */
  public int issued() {
    return issued.get();
  }

  public String tokenEndpoint() {
    return server.tokenEndpointUrl(ISSUER).toString();
  }

  public String jwks() {
    return server.jwksUrl(ISSUER).toString();
  }

  public String issuer() {
    return server.issuerUrl(ISSUER).toString();
  }

  @Override
  public void close() {
    server.shutdown();
  }
}
