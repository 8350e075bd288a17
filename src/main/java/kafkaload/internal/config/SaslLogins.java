package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;
import static org.apache.kafka.common.config.SaslConfigs.SASL_CLIENT_CALLBACK_HANDLER_CLASS;
import static org.apache.kafka.common.config.SaslConfigs.SASL_LOGIN_CALLBACK_HANDLER_CLASS;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule;

/**
 * SASL mechanisms logging in at an outside authority: OAUTHBEARER (an OIDC token endpoint, by
 * Kafka's client credentials), GSSAPI (Kerberos) and AWS_MSK_IAM (aws-msk-iam-auth, not on the
 * default classpath); their own setting names kept, secrets from the environment or properties file
 * only.
 */
public final class SaslLogins {
  public static final String OAUTHBEARER = "OAUTHBEARER";
  public static final String GSSAPI = "GSSAPI";
  public static final String AWS_MSK_IAM = "AWS_MSK_IAM";

  public static final String OAUTH_CLIENT_SECRET_ENV = "KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET";
  public static final String TOKEN_ENDPOINT_URL = "sasl.oauthbearer.token.endpoint.url";
  public static final String CLIENT_ID = "sasl.oauthbearer.client.credentials.client.id";
  public static final String CLIENT_SECRET = "sasl.oauthbearer.client.credentials.client.secret";
  public static final String SCOPE = "sasl.oauthbearer.scope";

  /** Kafka 4 refuses token and JWKS URLs not listed in this JVM system property (default: none). */
  public static final String ALLOWED_URLS = "org.apache.kafka.sasl.oauthbearer.allowed.urls";

  public static final String KERBEROS_SERVICE_NAME = "sasl.kerberos.service.name";

  /** Not Kafka properties: the -D that name the Kerberos principal and its keytab. */
  public static final String KERBEROS_PRINCIPAL = "sasl.kerberos.principal";

  public static final String KERBEROS_KEYTAB = "sasl.kerberos.keytab";

  /** The JDK's own system property for the Kerberos configuration file. */
  public static final String KRB5_CONF = "java.security.krb5.conf";

  /** aws-msk-iam-auth's own JAAS option names. */
  public static final String AWS_PROFILE_NAME = "awsProfileName";

  public static final String AWS_ROLE_ARN = "awsRoleArn";

  static final String KRB5_LOGIN_MODULE = "com.sun.security.auth.module.Krb5LoginModule";
  static final String IAM_LOGIN_MODULE = "software.amazon.msk.auth.iam.IAMLoginModule";
  static final String IAM_CALLBACK_HANDLER =
      "software.amazon.msk.auth.iam.IAMClientCallbackHandler";

  /** Non-secret client settings a -D may give as they are; never the JAAS config or secrets. */
  static final List<String> PASS_THROUGH =
      List.of(
          "sasl.login.refresh.window.factor",
          "sasl.login.refresh.window.jitter",
          "sasl.login.refresh.min.period.seconds",
          "sasl.login.refresh.buffer.seconds",
          "sasl.login.connect.timeout.ms",
          "sasl.login.read.timeout.ms",
          "sasl.login.retry.backoff.ms",
          "sasl.login.retry.backoff.max.ms",
          "sasl.oauthbearer.scope.claim.name",
          "sasl.oauthbearer.sub.claim.name",
          "sasl.oauthbearer.header.urlencode");

  private SaslLogins() {}

  /** SASL/OAUTHBEARER, client-credentials grant; Kafka fetches and refreshes the token. */
  public static Map<String, String> oauthbearer(
      String tokenEndpointUrl, String clientId, String clientSecret, String scope) {
    refuseIf(
        tokenEndpointUrl == null || tokenEndpointUrl.isBlank(),
        "SASL OAUTHBEARER: " + TOKEN_ENDPOINT_URL + " is empty");
    String url = tokenEndpointUrl.trim();
    String endpoint = TOKEN_ENDPOINT_URL + "=" + url;
    refuseIf(
        !url.matches("(?i)(https?|file):.+"),
        "SASL OAUTHBEARER: " + endpoint + " is not an http(s):// URL (or a file: with a token)");
    refuseIf(
        clientId == null || clientId.isBlank(),
        "SASL OAUTHBEARER with " + endpoint + ": " + CLIENT_ID + " is empty");
    refuseIf(
        clientSecret == null || clientSecret.isEmpty(),
        "SASL OAUTHBEARER for client '" + clientId + "': the client secret is empty");
    Map<String, String> p = new LinkedHashMap<>();
    p.put(ClientSecurity.SASL_MECHANISM, OAUTHBEARER);
    p.put(ClientSecurity.SASL_JAAS_CONFIG, OAuthBearerLoginModule.class.getName() + " required;");
    p.put(SASL_LOGIN_CALLBACK_HANDLER_CLASS, OAuthBearerLoginCallbackHandler.class.getName());
    p.put(TOKEN_ENDPOINT_URL, url);
    p.put(CLIENT_ID, clientId.trim());
    p.put(CLIENT_SECRET, clientSecret);
    if (scope != null && !scope.isBlank()) {
      p.put(SCOPE, scope.trim());
    }
    return p;
  }

  /** SASL/GSSAPI as {@code principal}, from {@code keytab} or (null) the ticket cache. */
  public static Map<String, String> gssapi(String serviceName, String principal, String keytab) {
    refuseIf(
        serviceName == null || serviceName.isBlank(),
        "SASL GSSAPI: " + KERBEROS_SERVICE_NAME + " is empty (the brokers' service, often kafka)");
    StringBuilder jaas = new StringBuilder(KRB5_LOGIN_MODULE).append(" required");
    if (keytab != null) {
      refuseIf(
          principal == null || principal.isBlank(),
          "SASL GSSAPI with the keytab " + keytab + ": the principal is empty");
      String which = "SASL GSSAPI for principal '" + principal + "': the keytab " + keytab;
      refuseIf(
          !Files.isRegularFile(Paths.get(keytab)),
          which + " does not exist (" + KERBEROS_KEYTAB + ")");
      refuseIf(!Files.isReadable(Paths.get(keytab)), which + " is not readable");
      jaas.append(" useKeyTab=true storeKey=true keyTab=\"")
          .append(ClientSecurity.jaasQuote(keytab))
          .append('"');
    } else {
      jaas.append(" useTicketCache=true");
    }
    option(jaas, "principal", principal);
    Map<String, String> p = new LinkedHashMap<>();
    p.put(ClientSecurity.SASL_MECHANISM, GSSAPI);
    p.put(KERBEROS_SERVICE_NAME, serviceName.trim());
    p.put(ClientSecurity.SASL_JAAS_CONFIG, jaas.append(';').toString());
    return p;
  }

  /** AWS_MSK_IAM (aws-msk-iam-auth): default credential chain or profile, optional role. */
  public static Map<String, String> awsMskIam(String profileName, String roleArn) {
    StringBuilder jaas = new StringBuilder(IAM_LOGIN_MODULE).append(" required");
    option(jaas, AWS_PROFILE_NAME, profileName);
    option(jaas, AWS_ROLE_ARN, roleArn);
    Map<String, String> p = new LinkedHashMap<>();
    p.put(ClientSecurity.SASL_MECHANISM, AWS_MSK_IAM);
    p.put(ClientSecurity.SASL_JAAS_CONFIG, jaas.append(';').toString());
    p.put(SASL_CLIENT_CALLBACK_HANDLER_CLASS, IAM_CALLBACK_HANDLER);
    return p;
  }

  /** Appends {@code name="value"} to a JAAS config when the value is set. */
  private static void option(StringBuilder jaas, String name, String value) {
    if (value != null && !value.isBlank()) {
      jaas.append(String.format(" %s=\"%s\"", name, ClientSecurity.jaasQuote(value.trim())));
    }
  }

  /**
   * The -D layer of these mechanisms: OAUTHBEARER by -Dsasl.oauthbearer.token.endpoint.url (secret
   * from KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET), GSSAPI by -Dsasl.kerberos.principal
   * (-Dsasl.kerberos.keytab, else the ticket cache), AWS_MSK_IAM; null otherwise (the JAAS config
   * from the file).
   */
  static Map<String, String> fromProperties(
      String mechanism, Function<String, String> property, Function<String, String> env) {
    String m = mechanism.trim().toUpperCase(Locale.ROOT);
    Map<String, String> p = new LinkedHashMap<>();
    for (String key : PASS_THROUGH) {
      String v = property.apply(key);
      if (v != null) {
        p.put(key, v);
      }
    }
    // Kerberos's service name passes through as it is, but for the mechanisms without one.
    String service = property.apply(KERBEROS_SERVICE_NAME);
    if (service != null && !m.equals(OAUTHBEARER) && !m.equals(AWS_MSK_IAM)) {
      p.put(KERBEROS_SERVICE_NAME, service);
    }
    switch (m) {
      case OAUTHBEARER -> {
        String url = property.apply(TOKEN_ENDPOINT_URL);
        if (url != null) {
          p.putAll(
              oauthbearer(
                  url,
                  property.apply(CLIENT_ID),
                  Secrets.require(OAUTH_CLIENT_SECRET_ENV, env.apply(OAUTH_CLIENT_SECRET_ENV)),
                  property.apply(SCOPE)));
        }
      }
      case GSSAPI -> {
        String principal = property.apply(KERBEROS_PRINCIPAL);
        String keytab = property.apply(KERBEROS_KEYTAB);
        String krb5 = property.apply(KRB5_CONF);
        refuseIf(
            krb5 != null && !Files.isRegularFile(Paths.get(krb5)),
            "SASL GSSAPI: -D" + KRB5_CONF + "=" + krb5 + ": no such file");
        if (principal != null || keytab != null) {
          p.putAll(gssapi(service == null ? "kafka" : service, principal, keytab));
        }
      }
      case AWS_MSK_IAM ->
          p.putAll(awsMskIam(property.apply(AWS_PROFILE_NAME), property.apply(AWS_ROLE_ARN)));
    }
    return p;
  }

  /** Adds the run's token endpoint to Kafka's URL allow-list: the operator chose it. */
  public static void allowTokenEndpoint(Map<String, ?> props) {
    Object url = props.get(TOKEN_ENDPOINT_URL);
    if (url == null || !String.valueOf(url).matches("(?i)https?:.+")) {
      return;
    }
    synchronized (SaslLogins.class) {
      String current = System.getProperty(ALLOWED_URLS, "");
      List<String> allowed =
          Arrays.stream(current.split(","))
              .filter(u -> !u.isBlank())
              .map(String::trim)
              .collect(Collectors.toCollection(ArrayList::new));
      if (!allowed.contains(String.valueOf(url).trim())) {
        allowed.add(String.valueOf(url).trim());
        System.setProperty(ALLOWED_URLS, String.join(",", allowed));
      }
    }
  }

  /**
   * What can be checked for AWS_MSK_IAM before any load: aws-msk-iam-auth on the classpath (not by
   * default: it brings the AWS SDK) and credentials found. MSK checks the signature.
   */
  public static void checkAwsMskIam(Map<String, ?> props) {
    Object mechanism = props.get(ClientSecurity.SASL_MECHANISM);
    if (mechanism == null || !AWS_MSK_IAM.equalsIgnoreCase(String.valueOf(mechanism).trim())) {
      return;
    }
    try {
      Class.forName(IAM_CALLBACK_HANDLER, false, SaslLogins.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new KafkaLoadConfigException(
          "sasl.mechanism=AWS_MSK_IAM needs Amazon's aws-msk-iam-auth on the classpath, which is not "
              + "there by default: run with -Pmsk-iam (mvn -Pmsk-iam gatling:test ...) or add "
              + "software.amazon.msk:aws-msk-iam-auth to your build");
    }
    String profile = jaasOption(props, AWS_PROFILE_NAME);
    try {
      Object provider =
          profile != null
              ? awsCredentials("ProfileCredentialsProvider")
                  .getMethod("create", String.class)
                  .invoke(null, profile)
              // A fresh chain, not the SDK's shared one, which remembers the provider that last
              // worked.
              : awsCredentials("DefaultCredentialsProvider$Builder")
                  .getMethod("build")
                  .invoke(
                      awsCredentials("DefaultCredentialsProvider")
                          .getMethod("builder")
                          .invoke(null));
      awsCredentials("AwsCredentialsProvider").getMethod("resolveCredentials").invoke(provider);
    } catch (InvocationTargetException e) {
      String reason = String.valueOf(e.getCause().getMessage());
      int cut = reason.indexOf(": [");
      throw new KafkaLoadConfigException(
          "SASL AWS_MSK_IAM: no AWS credentials found"
              + (profile != null ? " for " + AWS_PROFILE_NAME + "=" + profile : "")
              + " (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, a web identity "
              + "token, or run where an instance or pod role applies): "
              + (cut > 0 ? reason.substring(0, cut) : reason));
    } catch (ReflectiveOperationException e) {
      throw new KafkaLoadConfigException(
          "SASL AWS_MSK_IAM: the AWS SDK's credential providers cannot be loaded (" + e + ")");
    }
  }

  private static Class<?> awsCredentials(String name) throws ClassNotFoundException {
    return Class.forName(
        "software.amazon.awssdk.auth.credentials." + name, true, SaslLogins.class.getClassLoader());
  }

  /** An option of the JAAS config, for checks and messages (never a secret option). */
  public static String jaasOption(Map<String, ?> props, String option) {
    // Without a JAAS config: "null", which names no option.
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "\\b%s\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|([^\\s;]+))"
                    .formatted(java.util.regex.Pattern.quote(option)))
            .matcher(String.valueOf(props.get(ClientSecurity.SASL_JAAS_CONFIG)));
    if (!m.find()) {
      return null;
    }
    return m.group(1) != null ? m.group(1).replaceAll("\\\\(.)", "$1") : m.group(2);
  }
}
