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
    String url = firstNonBlank(params.raw(RegistrySettings.URL), file.get(RegistrySettings.URL));
    String source =
        params.oneOf(
            RegistrySettings.CREDENTIALS_SOURCE,
            file.getOrDefault(RegistrySettings.CREDENTIALS_SOURCE, "USER_INFO"),
            "user_info",
            "url");
    String userInfo =
        firstNonBlank(
            file.get(RegistrySettings.USER_INFO), params.env(RegistrySettings.USER_INFO_ENV));
    if (source.equals("url") && url != null) {
      URI u = URI.create(url);
      userInfo =
          u.getRawUserInfo() == null
              ? null
              : URLDecoder.decode(u.getRawUserInfo(), StandardCharsets.UTF_8);
      url = url.replaceFirst("//[^@/]*@", "//");
    }
    boolean autoRegister =
        params.bool(
            RegistrySettings.AUTO_REGISTER,
            Boolean.parseBoolean(file.getOrDefault(RegistrySettings.AUTO_REGISTER, "true")));
    boolean useLatest =
        params.bool(
            RegistrySettings.USE_LATEST,
            Boolean.parseBoolean(file.getOrDefault(RegistrySettings.USE_LATEST, "false")));
    SubjectStrategy key =
        SubjectStrategy.of(
            params.string(
                RegistrySettings.KEY_STRATEGY,
                file.getOrDefault(RegistrySettings.KEY_STRATEGY, "TopicNameStrategy")));
    SubjectStrategy value =
        SubjectStrategy.of(
            params.string(
                RegistrySettings.VALUE_STRATEGY,
                file.getOrDefault(RegistrySettings.VALUE_STRATEGY, "TopicNameStrategy")));
    // Locations and types: -D wins. Passwords: the properties file or code, else the environment;
    // never -D.
    RegistryTls tls =
        new RegistryTls(
            firstNonBlank(
                params.raw(RegistryTls.TRUSTSTORE_LOCATION),
                file.get(RegistryTls.TRUSTSTORE_LOCATION)),
            firstNonBlank(
                file.get(RegistryTls.TRUSTSTORE_PASSWORD),
                params.env(RegistryTls.TRUSTSTORE_PASSWORD_ENV)),
            firstNonBlank(
                params.raw(RegistryTls.TRUSTSTORE_TYPE), file.get(RegistryTls.TRUSTSTORE_TYPE)),
            firstNonBlank(
                params.raw(RegistryTls.KEYSTORE_LOCATION), file.get(RegistryTls.KEYSTORE_LOCATION)),
            firstNonBlank(
                file.get(RegistryTls.KEYSTORE_PASSWORD),
                params.env(RegistryTls.KEYSTORE_PASSWORD_ENV)),
            firstNonBlank(
                file.get(RegistryTls.KEY_PASSWORD), params.env(RegistryTls.KEY_PASSWORD_ENV)),
            firstNonBlank(
                params.raw(RegistryTls.KEYSTORE_TYPE), file.get(RegistryTls.KEYSTORE_TYPE)));
    return new RegistrySettings(
        url, userInfo, autoRegister, useLatest, key, value, tls, oauth(file, params));
  }

  /** bearer.auth.* (OAUTHBEARER): -D wins but for the client secret, which -D never gives. */
  private static RegistryOAuth oauth(Map<String, String> file, ParamSnapshot params) {
    String source =
        params.oneOf(
            RegistryOAuth.CREDENTIALS_SOURCE,
            file.getOrDefault(RegistryOAuth.CREDENTIALS_SOURCE, "NONE"),
            "none",
            "oauthbearer");
    if (!source.equals("oauthbearer")) {
      return null;
    }
    String endpoint =
        firstNonBlank(
            params.raw(RegistryOAuth.ISSUER_ENDPOINT_URL),
            file.get(RegistryOAuth.ISSUER_ENDPOINT_URL));
    String clientId =
        firstNonBlank(params.raw(RegistryOAuth.CLIENT_ID), file.get(RegistryOAuth.CLIENT_ID));
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
            firstNonBlank(
                file.get(RegistryOAuth.CLIENT_SECRET),
                params.env(RegistryOAuth.CLIENT_SECRET_ENV)));
    return new RegistryOAuth(
        endpoint,
        clientId,
        secret,
        firstNonBlank(params.raw(RegistryOAuth.SCOPE), file.get(RegistryOAuth.SCOPE)),
        params.nonNegativeInt(
            RegistryOAuth.EXPIRY_BUFFER,
            Integer.parseInt(
                file.getOrDefault(
                    RegistryOAuth.EXPIRY_BUFFER,
                    String.valueOf(RegistryOAuth.DEFAULT_EXPIRY_BUFFER_SECONDS)))));
  }
}
