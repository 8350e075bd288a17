package kafkaload.internal.schema;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import kafkaload.internal.config.ClientProperties;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.Secrets;

/**
 * TLS to the registry with Confluent's names (schema.registry.ssl.*): truststore, and keystore for
 * mTLS; unset: the JVM's. Passwords are secrets: masked in {@link #describe()}, never in an error.
 */
public record RegistryTls(
    String truststoreLocation,
    String truststorePassword,
    String truststoreType,
    String keystoreLocation,
    String keystorePassword,
    String keyPassword,
    String keystoreType) {

  public static final String PREFIX = "schema.registry.ssl.";
  public static final String TRUSTSTORE_LOCATION = "schema.registry.ssl.truststore.location";
  public static final String TRUSTSTORE_PASSWORD = "schema.registry.ssl.truststore.password";
  public static final String TRUSTSTORE_TYPE = "schema.registry.ssl.truststore.type";
  public static final String KEYSTORE_LOCATION = "schema.registry.ssl.keystore.location";
  public static final String KEYSTORE_PASSWORD = "schema.registry.ssl.keystore.password";
  public static final String KEY_PASSWORD = "schema.registry.ssl.key.password";
  public static final String KEYSTORE_TYPE = "schema.registry.ssl.keystore.type";

  /** Environment variables that hold the passwords when the properties file does not. */
  public static final String TRUSTSTORE_PASSWORD_ENV = "SCHEMA_REGISTRY_SSL_TRUSTSTORE_PASSWORD";

  public static final String KEYSTORE_PASSWORD_ENV = "SCHEMA_REGISTRY_SSL_KEYSTORE_PASSWORD";
  public static final String KEY_PASSWORD_ENV = "SCHEMA_REGISTRY_SSL_KEY_PASSWORD";

  public static final RegistryTls NONE = new RegistryTls(null, null, null, null, null, null, null);

  /** A truststore given in code; a null password leaves the file's (or environment's). */
  public static Map<String, String> truststore(String location, String password) {
    return ClientProperties.present(TRUSTSTORE_LOCATION, location, TRUSTSTORE_PASSWORD, password);
  }

  /** The properties of a keystore given in code, as {@link #truststore} for its passwords. */
  public static Map<String, String> keystore(String location, String password, String keyPassword) {
    return ClientProperties.present(
        KEYSTORE_LOCATION, location, KEYSTORE_PASSWORD, password, KEY_PASSWORD, keyPassword);
  }

  /** Whether any schema.registry.ssl.* setting is given. */
  public boolean configured() {
    return !equals(NONE);
  }

  /** The settings as the summary and page show them: locations and types, passwords masked. */
  public Map<String, Object> describe() {
    return stores(true, true, RegistryTls::mask);
  }

  /**
   * The settings of the truststore and keystore, each when located and asked for, with each
   * password through {@code secret}; a null one left out.
   */
  Map<String, Object> stores(boolean trust, boolean key, UnaryOperator<String> secret) {
    Map<String, Object> d = new LinkedHashMap<>();
    if (trust && truststoreLocation != null) {
      d.put(TRUSTSTORE_LOCATION, truststoreLocation);
      d.put(TRUSTSTORE_TYPE, type(truststoreType, truststoreLocation));
      d.put(TRUSTSTORE_PASSWORD, secret.apply(truststorePassword));
    }
    if (key && keystoreLocation != null) {
      d.put(KEYSTORE_LOCATION, keystoreLocation);
      d.put(KEYSTORE_TYPE, type(keystoreType, keystoreLocation));
      d.put(KEYSTORE_PASSWORD, secret.apply(keystorePassword));
      d.put(KEY_PASSWORD, secret.apply(keyPassword));
    }
    d.values().removeIf(Objects::isNull);
    return d;
  }

  private static String mask(String secret) {
    return secret == null ? "(none)" : Secrets.MASK;
  }

  /**
   * The https client's TLS context, opening both stores so a bad file, password or type fails here,
   * naming the setting. {@code onCertificateRequest} runs when a server asks for this client's
   * certificate: with TLS 1.3 a refusal only resets the connection.
   */
  public SSLContext sslContext(Runnable onCertificateRequest) {
    if (truststoreLocation == null && keystoreLocation == null && configured()) {
      throw refused(
          "%s* passwords or types are set without %s or %s",
          PREFIX, TRUSTSTORE_LOCATION, KEYSTORE_LOCATION);
    }
    try {
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(
          truststoreLocation == null
              ? null
              : load(TRUSTSTORE_LOCATION, truststoreLocation, truststoreType, truststorePassword));
      X509ExtendedKeyManager keys = null;
      if (keystoreLocation != null) {
        if (keystorePassword == null || keystorePassword.isEmpty()) {
          throw refused(
              "%s=%s needs the keystore's password: %s in the properties file or %s",
              KEYSTORE_LOCATION, keystoreLocation, KEYSTORE_PASSWORD, KEYSTORE_PASSWORD_ENV);
        }
        KeyStore ks = load(KEYSTORE_LOCATION, keystoreLocation, keystoreType, keystorePassword);
        KeyManagerFactory kmf =
            KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        try {
          kmf.init(ks, (keyPassword != null ? keyPassword : keystorePassword).toCharArray());
        } catch (UnrecoverableKeyException e) {
          throw refused(
              "%s=%s: its key does not open with %s: the password is wrong",
              KEYSTORE_LOCATION,
              keystoreLocation,
              keyPassword != null
                  ? KEY_PASSWORD
                  : KEYSTORE_PASSWORD + " (no " + KEY_PASSWORD + " set)");
        }
        keys = (X509ExtendedKeyManager) kmf.getKeyManagers()[0];
      }
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(
          new KeyManager[] {new Recording(keys, onCertificateRequest)},
          tmf.getTrustManagers(),
          null);
      return ctx;
    } catch (GeneralSecurityException e) {
      throw new KafkaLoadConfigException(
          "Schema Registry TLS settings: " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /**
   * The keystore's key manager (or none), telling when a server asks for the client's certificate.
   */
  private static final class Recording extends X509ExtendedKeyManager {
    private final X509ExtendedKeyManager keys;
    private final Runnable onRequest;

    Recording(X509ExtendedKeyManager keys, Runnable onRequest) {
      this.keys = keys;
      this.onRequest = onRequest;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
      onRequest.run();
      return keys == null ? null : keys.chooseEngineClientAlias(keyType, issuers, engine);
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      onRequest.run();
      return keys == null ? null : keys.chooseClientAlias(keyType, issuers, socket);
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
      return keys == null ? null : keys.chooseEngineServerAlias(keyType, issuers, engine);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      return keys == null ? null : keys.chooseServerAlias(keyType, issuers, socket);
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      return keys == null ? null : keys.getClientAliases(keyType, issuers);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      return keys == null ? null : keys.getServerAliases(keyType, issuers);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      return keys == null ? null : keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      return keys == null ? null : keys.getPrivateKey(alias);
    }
  }

  /**
   * What failed in a TLS handshake with the registry at {@code url}, as a user can fix it; null for
   * no TLS failure. {@code certificateRequested}: the registry asked for this client's certificate.
   */
  String failure(IOException e, String url, boolean certificateRequested) {
    boolean ssl = false;
    String all = "";
    for (Throwable t = e; t != null; t = t.getCause()) {
      ssl |= t instanceof SSLException;
      all += " " + t.getClass().getSimpleName() + ": " + t.getMessage();
    }
    String reason =
        " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
    String trust =
        truststoreLocation == null
            ? "the JVM's default truststore"
            : TRUSTSTORE_LOCATION + "=" + truststoreLocation;
    if (ssl
        && (all.contains("PKIX")
            || all.contains("CertPathBuilderException")
            || all.contains("certification path"))) {
      return String.format(
          "the registry's certificate is not trusted by %s: set %s to a truststore holding "
              + "the registry's CA%s",
          trust, TRUSTSTORE_LOCATION, reason);
    }
    if (ssl && (all.contains("No subject alternative") || all.contains("No name matching"))) {
      return "the registry's certificate does not name the host of " + url + reason;
    }
    if (certificateRequested
        && (ssl || all.contains("Connection reset") || all.contains("received no bytes"))) {
      // TLS 1.3: the registry checks the client's certificate after the handshake, and refusing it
      // resets the connection; that it asked for one is what says why.
      return String.format(
          "the registry requires a client certificate (mutual TLS) and did not accept this "
              + "client's: %s%s",
          keystoreLocation == null
              ? "no " + KEYSTORE_LOCATION + " is set"
              : "%s=%s is not signed by a CA it trusts"
                  .formatted(KEYSTORE_LOCATION, keystoreLocation),
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

  /**
   * JKS or PKCS12: as set, else PKCS12 for a .p12/.pfx file name, else JKS (Confluent's default).
   */
  static String type(String type, String location) {
    if (type != null) {
      return type.trim().toUpperCase(Locale.ROOT);
    }
    String l = location.toLowerCase(Locale.ROOT);
    return l.endsWith(".p12") || l.endsWith(".pfx") ? "PKCS12" : "JKS";
  }

  /** The store of {@code setting} (a *.location), its type and password settings named after it. */
  private static KeyStore load(String setting, String location, String type, String password)
      throws GeneralSecurityException {
    Path path = Paths.get(location);
    if (!Files.isRegularFile(path)) {
      throw new KafkaLoadConfigException(setting + "=" + location + ": no such file");
    }
    String t = type(type, location);
    if (!t.equals("JKS") && !t.equals("PKCS12")) {
      throw new KafkaLoadConfigException(
          setting.replace("location", "type") + "=" + t + " is not JKS or PKCS12");
    }
    KeyStore ks = KeyStore.getInstance(t);
    try (InputStream in = Files.newInputStream(path)) {
      ks.load(in, password == null ? null : password.toCharArray());
    } catch (IOException e) {
      // The JDK's stores say a wrong password through an UnrecoverableKeyException cause.
      boolean wrongPassword =
          e.getCause() instanceof UnrecoverableKeyException
              || String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("password");
      String why =
          wrongPassword
              ? "the password " + setting.replace("location", "password") + " is wrong"
              : "not a " + t + " store (" + e.getMessage() + ")";
      String noneGiven = wrongPassword && password == null ? " (none was given)" : "";
      throw refused("%s=%s (%s) does not open: %s%s", setting, location, t, why, noneGiven);
    }
    return ks;
  }
}
