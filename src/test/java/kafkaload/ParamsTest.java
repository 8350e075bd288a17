package kafkaload;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.PropertyTests;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.kit.RunParams;
import org.junit.jupiter.api.Test;

/** Bad input fails before any load, with an error naming the parameter or property. */
class ParamsTest {
  private final PropertyTests d = new PropertyTests();

  @Test
  void anInjectorReadsItsIndexCountAndRunIdFromTheEnvironmentOrD() {
    Params k8s =
        Params.of(
            Map.of(),
            Map.of(
                "JOB_COMPLETION_INDEX", "2", "INJECTOR_COUNT", "3", "KAFKALOAD_RUN_ID", "run-1"));
    assertEquals(new InjectorShare(2, 3, "run-1"), k8s.snapshot().injector());
    // 1000 over 3 injectors: 334, 333, 333; injector 2 gets 333.
    assertEquals(333, k8s.share("rate", 1000));
    Params d =
        Params.of(
            Map.of("injector.index", "0", "injector.count", "3", "run.id", "r"),
            Map.of("JOB_COMPLETION_INDEX", "2"));
    assertEquals(334, d.share("rate", 1000), "-D wins over the environment");
    assertEquals(1000, Params.of(Map.of(), Map.of()).share("rate", 1000), "one JVM: the whole");
    assertTrue(
        assertThrows(KafkaLoadConfigException.class, () -> k8s.share("users", 2))
            .getMessage()
            .contains("-Dusers=2 cannot be split over 3 injectors"));
    assertThrows(
        KafkaLoadConfigException.class,
        () -> Params.of(Map.of("run.id", "a b"), Map.of()).snapshot().injector());
  }

  @Test
  void defaultsApplyWhenUnset() {
    RunParams p = RunParams.of(d.params());
    assertEquals(1024, p.records().size());
    assertEquals("1", p.producer().properties().get("acks"));
    assertEquals("lz4", p.producer().properties().get("compression.type"));
    assertEquals(16, p.topic().partitions());
    assertEquals(10, d.params().positiveInt("users", 10));
  }

  @Test
  void nonNumericNegativeAndZeroValuesNameTheParameter() {
    d.set("users", "ten");
    assertEquals(
        "-Dusers=ten is not a whole number", error(() -> d.params().positiveInt("users", 10)));
    d.set("users", "0");
    assertEquals("-Dusers=0 must be >= 1", error(() -> d.params().positiveInt("users", 10)));
    d.set("recordSize", "-1");
    assertEquals("-DrecordSize=-1 must be >= 0", error(() -> RunParams.of(d.params())));
    d.clear("recordSize");
    d.set("gate.p99Ms", "fast");
    assertEquals("-Dgate.p99Ms=fast is not a number", error(() -> RunParams.of(d.params())));
    d.set("gate.p99Ms", "0");
    assertEquals("-Dgate.p99Ms=0 must be > 0", error(() -> RunParams.of(d.params())));
    d.clear("gate.p99Ms");
    d.set("gate.maxErrorPct", "150");
    assertEquals(
        "-Dgate.maxErrorPct=150 is a percentage: 0 to 100", error(() -> RunParams.of(d.params())));
    d.clear("gate.maxErrorPct");
    d.set("linger.ms", "99999999999");
    assertTrue(
        error(() -> RunParams.of(d.params())).startsWith("-Dlinger.ms=99999999999 is too large"));
  }

  @Test
  void wordsOutsideTheirSetAreRejected() {
    d.set("acks", "2");
    assertEquals("-Dacks=2 must be one of 0, 1, all, -1", error(() -> RunParams.of(d.params())));
    d.clear("acks");
    d.set("producer.mode", "many");
    assertTrue(
        error(() -> RunParams.of(d.params())).startsWith("-Dproducer.mode=many must be one of"));
    d.clear("producer.mode");
    d.set("enable.idempotence", "maybe");
    assertEquals(
        "-Denable.idempotence=maybe must be true or false", error(() -> RunParams.of(d.params())));
  }

  @Test
  void unknownCompressionCodecIsRejectedByKafkasOwnConfigDef() {
    d.set("compression.type", "brotli");
    RunParams p = RunParams.of(d.params());
    String msg = error(() -> p.protocol(1).protocol());
    assertTrue(msg.contains("Invalid value brotli for configuration compression.type"), msg);
  }

  @Test
  void invalidKafkaPropertyValuesAreRejected() {
    String msg =
        error(
            () ->
                new KafkaProtocolBuilder()
                    .params(d.params())
                    .property("linger.ms", "soon")
                    .protocol());
    assertTrue(msg.contains("linger.ms"), msg);
    msg =
        error(
            () ->
                new KafkaProtocolBuilder()
                    .params(d.params())
                    .property("acks", "1")
                    .enableIdempotence(true)
                    .protocol());
    assertTrue(msg.contains("acks"), msg);
    msg =
        error(
            () ->
                new KafkaProtocolBuilder()
                    .params(d.params())
                    .propertiesFile("no/such/client.properties")
                    .protocol());
    assertTrue(msg.contains("no/such/client.properties"), msg);
  }

  @Test
  void clientPropertiesFileIsLoadedAndCodeWinsOverIt() {
    KafkaProtocol p =
        new KafkaProtocolBuilder()
            .params(d.params())
            .propertiesFile("client-example.properties")
            .lingerMs(7)
            .resolved();
    assertEquals("SASL_PLAINTEXT", p.producerProperties().get("security.protocol"));
    assertEquals("7", p.producerProperties().get("linger.ms"));
  }

  @Test
  void anEmptyConsumerGroupNameIsRejected() {
    d.set("lag.groups", "orders,,billing");
    assertEquals(
        "-Dlag.groups=orders,,billing has an empty consumer group name",
        error(() -> RunParams.of(d.params())));
    d.set("lag.groups", "orders, billing");
    assertEquals(List.of("orders", "billing"), RunParams.of(d.params()).lag().groups());
    String msg =
        error(() -> new KafkaProtocolBuilder().params(d.params()).lagMonitor(1000, "orders", " "));
    assertTrue(msg.contains("consumer group name is empty"), msg);
  }

  @Test
  void invalidReplyTopicsAreRejected() {
    // (A reply matched by a header its request never sets is refused when the scenario is built:
    // RequestReplyIT. A check's malformed expression: RecordChecksTest.)
    String msg = error(() -> kafkaload.KafkaDsl.kafka("order").send("k", "v").replyOn(" "));
    assertTrue(msg.contains("replyOn(topic): the topic is empty"), msg);
  }

  @Test
  void secretsAreMasked() {
    var masked =
        Secrets.masked(
            Map.of(
                "sasl.jaas.config",
                "x password=\"hunter2\";",
                "ssl.truststore.password",
                "hunter2",
                "sasl.oauthbearer.client.credentials.client.secret",
                "hunter2",
                "bearer.auth.client.secret",
                "hunter2",
                "sasl.oauthbearer.assertion.private.key.passphrase",
                "hunter2",
                "acks",
                "all"));
    assertFalse(masked.toString().contains("hunter2"), masked.toString());
    // Not secrets, though named after one: shown, so the summary says which client and endpoint.
    assertFalse(Secrets.isSecret("sasl.oauthbearer.client.credentials.client.id"));
    assertFalse(Secrets.isSecret("sasl.oauthbearer.token.endpoint.url"));
    assertEquals("all", masked.get("acks"));
  }
}
