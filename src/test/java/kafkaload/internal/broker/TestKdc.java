package kafkaload.internal.broker;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.kerby.kerberos.kerb.server.SimpleKdcServer;

/**
 * A real Kerberos KDC in the test JVM (Apache Kerby's SimpleKdcServer, TCP on a free port) with the
 * broker's service principal kafka/localhost and a client principal, each exported to a keytab, and
 * the krb5.conf Kerby writes for it. Test-only.
 */
public final class TestKdc implements AutoCloseable {
  public static final String REALM = "EXAMPLE.COM";
  public static final String SERVICE = "kafka";
  public static final String BROKER_PRINCIPAL = SERVICE + "/localhost@" + REALM;
  public static final String CLIENT_PRINCIPAL = "loadtest@" + REALM;

  /** A principal with a keytab that the KDC no longer knows (deleted after the export). */
  public static final String DELETED_PRINCIPAL = "departed@" + REALM;

  public final Path dir;
  public final Path krb5Conf;
  public final Path brokerKeytab;
  public final Path clientKeytab;
  public final Path deletedKeytab;
  private final SimpleKdcServer kdc;

  private TestKdc(Path dir, SimpleKdcServer kdc) {
    this.dir = dir;
    this.kdc = kdc;
    this.krb5Conf = dir.resolve("krb5.conf");
    this.brokerKeytab = dir.resolve("broker.keytab");
    this.clientKeytab = dir.resolve("client.keytab");
    this.deletedKeytab = dir.resolve("departed.keytab");
  }

  public static TestKdc start() throws Exception {
    Path dir = Files.createTempDirectory("kafkaload-kdc");
    SimpleKdcServer kdc = new SimpleKdcServer();
    kdc.setWorkDir(dir.toFile());
    kdc.setKdcRealm(REALM);
    kdc.setKdcHost("localhost");
    kdc.setAllowUdp(false);
    kdc.setKdcTcpPort(EmbeddedKafka.freePort());
    kdc.init();
    kdc.start();
    TestKdc k = new TestKdc(dir, kdc);
    kdc.createAndExportPrincipals(k.brokerKeytab.toFile(), BROKER_PRINCIPAL);
    kdc.createAndExportPrincipals(k.clientKeytab.toFile(), CLIENT_PRINCIPAL);
    kdc.createAndExportPrincipals(k.deletedKeytab.toFile(), DELETED_PRINCIPAL);
    kdc.deletePrincipal(DELETED_PRINCIPAL);
    if (!Files.isRegularFile(k.krb5Conf)) {
      throw new IllegalStateException("Kerby wrote no krb5.conf in " + dir);
    }
    return k;
  }

  @Override
  public void close() {
    try {
      kdc.stop();
    } catch (Exception e) {
      // the test is over; the directory goes anyway
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      // a temp directory left behind
    }
  }
}
