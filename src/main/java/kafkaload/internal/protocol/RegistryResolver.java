package kafkaload.internal.protocol;

import static kafkaload.internal.protocol.ProtocolResolver.firstNonBlank;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.schema.RegistryOAuth;
import kafkaload.internal.schema.RegistrySettings;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SubjectStrategy;

/**
 * A protocol's Schema Registry settings by Confluent's names, resolved from the client properties
 * and -D parameters: -D wins for what is not secret, and a secret never comes from -D.
 */
final class RegistryResolver {
  private RegistryResolver() {}

  /**
   * The registry settings out of the client properties, -D winning; the basic auth secret from the
   * file, code or SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO, never -D, or from the URL's user info with
   * basic.auth.credentials.source=URL.
   */
  static RegistrySettings resolve(Map<String, Object> props, ParamSnapshot params) {
    Map<String, String> file = new HashMap<>();
    for (String k :
        List.of(
            RegistrySettings.URL,
            RegistrySettings.CREDENTIALS_SOURCE,
            RegistrySettings.USER_INFO,
            RegistrySettings.AUTO_REGISTER,
            RegistrySettings.USE_LATEST,
            RegistrySettings.KEY_STRATEGY,
            RegistrySettings.VALUE_STRATEGY,
            RegistryTls.TRUSTSTORE_LOCATION,
            RegistryTls.TRUSTSTORE_PASSWORD,
            RegistryTls.TRUSTSTORE_TYPE,
            RegistryTls.KEYSTORE_LOCATION,
            RegistryTls.KEYSTORE_PASSWORD,
            RegistryTls.KEY_PASSWORD,
            RegistryTls.KEYSTORE_TYPE,
            RegistryOAuth.CREDENTIALS_SOURCE,
            RegistryOAuth.ISSUER_ENDPOINT_URL,
            RegistryOAuth.CLIENT_ID,
            RegistryOAuth.CLIENT_SECRET,
            RegistryOAuth.SCOPE,
            RegistryOAuth.EXPIRY_BUFFER)) {
      Object v = props.remove(k);
      if (v != null) {
        file.put(k, v.toString().trim());
      }
    }
    Sources in = new Sources(file, params);
    String url = in.dWins(RegistrySettings.URL);
    String source = in.oneOf(RegistrySettings.CREDENTIALS_SOURCE, "USER_INFO", "user_info", "url");
    String userInfo = in.secret(RegistrySettings.USER_INFO, RegistrySettings.USER_INFO_ENV);
    if (source.equals("url") && url != null) {
      URI u = URI.create(url);
      userInfo =
          u.getRawUserInfo() == null
              ? null
              : URLDecoder.decode(u.getRawUserInfo(), StandardCharsets.UTF_8);
      url = url.replaceFirst("//[^@/]*@", "//");
    }
    boolean autoRegister = in.bool(RegistrySettings.AUTO_REGISTER, "true");
    boolean useLatest = in.bool(RegistrySettings.USE_LATEST, "false");
    SubjectStrategy key =
        SubjectStrategy.of(in.string(RegistrySettings.KEY_STRATEGY, "TopicNameStrategy"));
    SubjectStrategy value =
        SubjectStrategy.of(in.string(RegistrySettings.VALUE_STRATEGY, "TopicNameStrategy"));
    // Locations and types: -D wins. Passwords: the properties file or code, else the environment;
    // never -D.
    RegistryTls tls =
        new RegistryTls(
            in.dWins(RegistryTls.TRUSTSTORE_LOCATION),
            in.secret(RegistryTls.TRUSTSTORE_PASSWORD, RegistryTls.TRUSTSTORE_PASSWORD_ENV),
            in.dWins(RegistryTls.TRUSTSTORE_TYPE),
            in.dWins(RegistryTls.KEYSTORE_LOCATION),
            in.secret(RegistryTls.KEYSTORE_PASSWORD, RegistryTls.KEYSTORE_PASSWORD_ENV),
            in.secret(RegistryTls.KEY_PASSWORD, RegistryTls.KEY_PASSWORD_ENV),
            in.dWins(RegistryTls.KEYSTORE_TYPE));
    return new RegistrySettings(url, userInfo, autoRegister, useLatest, key, value, tls, oauth(in));
  }

  /**
   * Where a registry setting comes from: the properties file or code ({@code file}), the -D
   * parameters and the environment ({@code params}).
   */
  private record Sources(Map<String, String> file, ParamSnapshot params) {
    /** -D wins over the file or code: for what is not secret. */
    String dWins(String name) {
      return firstNonBlank(params.raw(name), file.get(name));
    }

    /** A secret: from the file or code, else the environment variable {@code env}; never -D. */
    String secret(String name, String env) {
      return firstNonBlank(file.get(name), params.env(env));
    }

    /** -D wins over the file or code, else {@code otherwise}. */
    String string(String name, String otherwise) {
      return params.string(name, file.getOrDefault(name, otherwise));
    }

    String oneOf(String name, String otherwise, String... allowed) {
      return params.oneOf(name, file.getOrDefault(name, otherwise), allowed);
    }

    boolean bool(String name, String otherwise) {
      return params.bool(name, Boolean.parseBoolean(file.getOrDefault(name, otherwise)));
    }

    int nonNegativeInt(String name, long otherwise) {
      return params.nonNegativeInt(
          name, Integer.parseInt(file.getOrDefault(name, String.valueOf(otherwise))));
    }
  }

  /** bearer.auth.* (OAUTHBEARER): -D wins but for the client secret, which -D never gives. */
  private static RegistryOAuth oauth(Sources in) {
    String source = in.oneOf(RegistryOAuth.CREDENTIALS_SOURCE, "NONE", "none", "oauthbearer");
    if (!source.equals("oauthbearer")) {
      return null;
    }
    String endpoint = in.dWins(RegistryOAuth.ISSUER_ENDPOINT_URL);
    String clientId = in.dWins(RegistryOAuth.CLIENT_ID);
    for (String[] required :
        new String[][] {
          {RegistryOAuth.ISSUER_ENDPOINT_URL, endpoint}, {RegistryOAuth.CLIENT_ID, clientId}
        }) {
      if (required[1] == null) {
        throw new KafkaLoadConfigException(
            RegistryOAuth.CREDENTIALS_SOURCE + "=OAUTHBEARER needs " + required[0]);
      }
    }
    if (!endpoint.matches("(?i)https?://.+")) {
      throw new KafkaLoadConfigException(
          RegistryOAuth.ISSUER_ENDPOINT_URL + "=" + endpoint + " is not an http(s):// URL");
    }
    String secret =
        Secrets.require(
            RegistryOAuth.CLIENT_SECRET_ENV,
            in.secret(RegistryOAuth.CLIENT_SECRET, RegistryOAuth.CLIENT_SECRET_ENV));
    return new RegistryOAuth(
        endpoint,
        clientId,
        secret,
        in.dWins(RegistryOAuth.SCOPE),
        in.nonNegativeInt(
            RegistryOAuth.EXPIRY_BUFFER, RegistryOAuth.DEFAULT_EXPIRY_BUFFER_SECONDS));
  }
}
