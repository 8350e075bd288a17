package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import javax.security.auth.login.LoginException;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.Test;

/**
 * The Kerberos failures no test KDC here reproduces, read from the JDK's own wording: a clock off
 * by more than the KDC's skew (MIT and Active Directory answer KRB_AP_ERR_SKEW, 37; Kerby answers a
 * skewed pre-authentication with PREAUTH_FAILED, 24) and a KDC that does not answer. KerberosIT
 * covers the failures a real KDC gives here.
 */
class SecurityFailureTest {
  private static final Map<String, String> GSSAPI =
      Map.of(
          "sasl.mechanism",
          "GSSAPI",
          "sasl.kerberos.service.name",
          "kafka",
          "sasl.jaas.config",
          "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true"
              + " keyTab=\"/k/loadtest.keytab\" principal=\"loadtest@EXAMPLE.COM\";");

  /** As Kafka wraps a failed Kerberos login when a client is created. */
  private static KafkaException login(String jdkMessage) {
    return new KafkaException(
        "Failed to create new KafkaAdminClient",
        new KafkaException(
            "javax.security.auth.login.LoginException: " + jdkMessage,
            new LoginException(jdkMessage)));
  }

  @Test
  void clockSkewIsNamedWithItsRemedy() {
    String msg =
        SecurityFailure.describeLogin(login("Clock skew too great (37)"), "broker1:9094", GSSAPI);
    assertTrue(
        msg.startsWith(
            "SASL/GSSAPI (Kerberos) login failed before connecting to broker1:9094 for principal"
                + " 'loadtest@EXAMPLE.COM' with the keytab /k/loadtest.keytab: this machine's clock"
                + " and the KDC's differ by more than the allowed skew (5 minutes by default):"
                + " synchronise the clock (NTP)"),
        msg);
    assertTrue(
        SecurityFailure.describeLogin(
                login("Pre-authentication information was invalid (24)"), "b:1", GSSAPI)
            .contains("or this machine's clock is off"));
  }

  @Test
  void aKdcThatDoesNotAnswerPointsAtKrb5Conf() {
    String msg = SecurityFailure.describeLogin(login("Cannot locate KDC"), "broker1:9094", GSSAPI);
    assertTrue(msg.contains(": no KDC answered for the realm: check "), msg);
  }

  @Test
  void notALoginFailureIsLeftToTheCaller() {
    assertNull(SecurityFailure.describeLogin(new KafkaException("x"), "b:1", GSSAPI));
  }
}
