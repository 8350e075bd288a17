package kafkaload.internal.schema;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import kafkaload.internal.config.Secrets;

/**
 * Where the Schema Registry is and how the serializers use it, with the names Confluent's clients
 * give these settings. {@code userInfo} ("user:password") is a secret: it is never printed, and
 * {@link #describe()} masks it.
 *
 * @param url the registry's base URL, e.g. http://registry:8081
 * @param userInfo basic auth "user:password", or null
 * @param autoRegister auto.register.schemas: register the send's schema, else look it up
 * @param useLatest use.latest.version: encode with the subject's latest schema
 * @param keyStrategy key.subject.name.strategy
 * @param valueStrategy value.subject.name.strategy
 * @param tls schema.registry.ssl.*: truststore and keystore (mutual TLS); {@link RegistryTls#NONE}
 *     for the JVM's
 * @param oauth bearer.auth.*: OAuth client credentials for the registry, or null
 */
@RecordBuilder
public record RegistrySettings(
    String url,
    String userInfo,
    boolean autoRegister,
    boolean useLatest,
    SubjectStrategy keyStrategy,
    SubjectStrategy valueStrategy,
    RegistryTls tls,
    RegistryOAuth oauth)
    implements RegistrySettingsBuilder.With {

  public static final String URL = "schema.registry.url";
  public static final String CREDENTIALS_SOURCE = "basic.auth.credentials.source";
  public static final String USER_INFO = "basic.auth.user.info";
  public static final String AUTO_REGISTER = "auto.register.schemas";
  public static final String USE_LATEST = "use.latest.version";
  public static final String KEY_STRATEGY = "key.subject.name.strategy";
  public static final String VALUE_STRATEGY = "value.subject.name.strategy";

  /** The environment variable holding basic.auth.user.info when the properties file does not. */
  public static final String USER_INFO_ENV = "SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO";

  public String subject(String topic, boolean isKey, String recordName) {
    return (isKey ? keyStrategy : valueStrategy).subject(topic, isKey, recordName);
  }

  public Map<String, Object> describe() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put(URL, url);
    d.put(USER_INFO, userInfo == null ? "(none)" : Secrets.MASK);
    d.put(AUTO_REGISTER, autoRegister);
    d.put(USE_LATEST, useLatest);
    d.put(KEY_STRATEGY, keyStrategy.name());
    d.put(VALUE_STRATEGY, valueStrategy.name());
    d.putAll(tls.describe());
    if (oauth != null) {
      d.putAll(oauth.describe());
    }
    return d;
  }
}
