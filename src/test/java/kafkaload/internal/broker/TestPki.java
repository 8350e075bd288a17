package kafkaload.internal.broker;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A throw-away PKI made at run time with the JDK's keytool (PKCS12, EC keys: fast to make): a test
 * CA, a broker certificate for 127.0.0.1/localhost and a client certificate both signed by it, a
 * truststore holding the CA, and a truststore holding another CA that signed nothing here (the
 * "untrusted" case). Nothing is checked in.
 */
public final class TestPki {
  public final Path dir;

  /** One random password for every store and key: the tests grep outputs for it. */
  public final String password = "pki-" + UUID.randomUUID();

  public final Path truststore;
  public final Path brokerKeystore;
  public final Path clientKeystore;
  public final Path untrustedTruststore;

  private TestPki(Path dir) {
    this.dir = dir;
    this.truststore = dir.resolve("truststore.p12");
    this.brokerKeystore = dir.resolve("broker.p12");
    this.clientKeystore = dir.resolve("client.p12");
    this.untrustedTruststore = dir.resolve("untrusted-truststore.p12");
  }

  /**
   * Makes every store in a fresh temporary directory. The keytool commands run in one JVM
   * (keytool's own main class, called once per command) instead of a dozen JVM starts, which took
   * 10-20 s on a loaded 2-core machine.
   */
  public static TestPki generate() throws IOException {
    TestPki pki = new TestPki(Files.createTempDirectory("kafkaload-pki"));
    List<List<String>> commands = new ArrayList<>();
    pki.ca(commands, "ca", "CN=kafkaload-test-ca");
    pki.importTrusted(commands, pki.truststore, "ca");
    pki.signed(
        commands, pki.brokerKeystore, "broker", "CN=localhost", "SAN=ip:127.0.0.1,dns:localhost");
    pki.signed(commands, pki.clientKeystore, "client", "CN=kafkaload-client", null);
    pki.ca(commands, "other-ca", "CN=some-other-ca");
    pki.importTrusted(commands, pki.untrustedTruststore, "other-ca");
    pki.keytool(commands);
    return pki;
  }

  /** A self-signed CA in {@code name}.p12, its certificate exported to {@code name}.pem. */
  private void ca(List<List<String>> commands, String name, String dname) {
    commands.add(
        List.of(
            "-genkeypair",
            "-alias",
            "ca",
            "-keyalg",
            "EC",
            "-groupname",
            "secp256r1",
            "-dname",
            dname,
            "-ext",
            "bc:c",
            "-validity",
            "2",
            "-keystore",
            name + ".p12",
            "-storetype",
            "PKCS12",
            "-storepass",
            password));
    commands.add(
        List.of(
            "-exportcert",
            "-alias",
            "ca",
            "-keystore",
            name + ".p12",
            "-storepass",
            password,
            "-rfc",
            "-file",
            name + ".pem"));
  }

  private void importTrusted(List<List<String>> commands, Path store, String ca) {
    commands.add(
        List.of(
            "-importcert",
            "-noprompt",
            "-alias",
            ca,
            "-file",
            ca + ".pem",
            "-keystore",
            store.toString(),
            "-storetype",
            "PKCS12",
            "-storepass",
            password));
  }

  /**
   * A key pair whose certificate the test CA signs. The CA goes in as a trusted entry first, so
   * importing the signed certificate replaces the self-signed one with the chain (certificate, CA).
   */
  private void signed(
      List<List<String>> commands, Path keystore, String alias, String dname, String san) {
    String ks = keystore.toString();
    commands.add(
        List.of(
            "-genkeypair",
            "-alias",
            alias,
            "-keyalg",
            "EC",
            "-groupname",
            "secp256r1",
            "-dname",
            dname,
            "-validity",
            "2",
            "-keystore",
            ks,
            "-storetype",
            "PKCS12",
            "-storepass",
            password));
    commands.add(
        List.of(
            "-certreq",
            "-alias",
            alias,
            "-keystore",
            ks,
            "-storepass",
            password,
            "-file",
            alias + ".csr"));
    List<String> sign =
        new ArrayList<>(
            List.of(
                "-gencert",
                "-alias",
                "ca",
                "-keystore",
                "ca.p12",
                "-storepass",
                password,
                "-infile",
                alias + ".csr",
                "-outfile",
                alias + ".pem",
                "-rfc",
                "-validity",
                "2"));
    if (san != null) {
      sign.addAll(List.of("-ext", san));
    }
    commands.add(sign);
    importTrusted(commands, keystore, "ca");
    commands.add(
        List.of(
            "-importcert",
            "-noprompt",
            "-alias",
            alias,
            "-file",
            alias + ".pem",
            "-keystore",
            ks,
            "-storetype",
            "PKCS12",
            "-storepass",
            password));
  }

  private void keytool(List<List<String>> commands) throws IOException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-exports=java.base/sun.security.tools.keytool=ALL-UNNAMED",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                absoluteClassPath(),
                Keytool.class.getName()));
    for (List<String> c : commands) {
      cmd.addAll(c);
      cmd.add(Keytool.NEXT);
    }
    Path out = dir.resolve("keytool.out");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("keytool did not finish within 120 s");
      }
      if (p.exitValue() != 0) {
        throw new IOException("keytool failed: " + Files.readString(out));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** This JVM's class path with absolute entries: keytool runs in the PKI directory. */
  private static String absoluteClassPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(e -> Paths.get(e).toAbsolutePath().toString())
        .collect(Collectors.joining(File.pathSeparator));
  }

  /**
   * Runs keytool commands separated by {@link #NEXT} through keytool's main class; keytool exits 1
   * on an error.
   */
  public static final class Keytool {
    static final String NEXT = "--next-keytool-command--";

    public static void main(String[] args) throws Exception {
      Method main =
          Class.forName("sun.security.tools.keytool.Main").getMethod("main", String[].class);
      List<String> command = new ArrayList<>();
      for (String a : args) {
        if (a.equals(NEXT)) {
          main.invoke(null, (Object) command.toArray(new String[0]));
          command.clear();
        } else {
          command.add(a);
        }
      }
    }
  }

  /** Removes the directory and everything in it. */
  public void delete() {
    try (var walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory; the OS cleans it up eventually
    }
  }
}
