package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Kubernetes manifests of deploy/ as `kubectl kustomize` renders them (docs/distributed.md): an
 * Indexed Job of N injectors that all run at once and are never retried, a merge Job whose status
 * is the verdict, N the same in the three places, credentials only from the Secret. Skipped where
 * kubectl is not installed.
 */
class DeployManifestsTest {
  static List<JsonNode> render(String dir) throws Exception {
    Path kubectl = Path.of("/usr/bin/kubectl");
    Assumptions.assumeTrue(Files.isExecutable(kubectl), "kubectl is not installed");
    Process p =
        new ProcessBuilder(kubectl.toString(), "kustomize", dir).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
    List<JsonNode> docs = new ArrayList<>();
    new ObjectMapper(new YAMLFactory())
        .readerFor(JsonNode.class)
        .readValues(out)
        .forEachRemaining(d -> docs.add((JsonNode) d));
    return docs;
  }

  static JsonNode find(List<JsonNode> docs, String kind, String namePrefix) {
    return docs.stream()
        .filter(
            d ->
                d.path("kind").asText().equals(kind)
                    && d.path("metadata").path("name").asText().startsWith(namePrefix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " " + namePrefix));
  }

  @ParameterizedTest
  @ValueSource(strings = {"deploy/base", "deploy/example"})
  void anIndexedJobOfNInjectorsAndAMergeJob(String dir) throws Exception {
    List<JsonNode> docs = render(dir);
    JsonNode run = find(docs, "ConfigMap", "kafkaload-run").path("data");
    int n = run.path("INJECTOR_COUNT").asInt();
    JsonNode injectors = find(docs, "Job", "kafkaload-injectors").path("spec");
    assertEquals("Indexed", injectors.path("completionMode").asText());
    assertEquals(n, injectors.path("completions").asInt(), "completions = INJECTOR_COUNT");
    assertEquals(n, injectors.path("parallelism").asInt(), "all N at once");
    assertEquals(
        0,
        injectors.path("backoffLimit").asInt(),
        "a late retry would not overlap the others' load");
    JsonNode container = injectors.path("template").path("spec").path("containers").path(0);
    assertEquals("injector", container.path("args").path(0).asText());
    assertEquals(
        container.path("resources").path("requests"), container.path("resources").path("limits"));
    JsonNode merge = find(docs, "Job", "kafkaload-merge").path("spec");
    assertEquals(0, merge.path("backoffLimit").asInt(), "the Job's status is the verdict");
    assertEquals(
        "merge",
        merge
            .path("template")
            .path("spec")
            .path("containers")
            .path(0)
            .path("args")
            .path(0)
            .asText());
    assertEquals(
        "ReadWriteMany",
        find(docs, "PersistentVolumeClaim", "kafkaload-results")
            .path("spec")
            .path("accessModes")
            .path(0)
            .asText());
    for (JsonNode job : List.of(injectors, merge)) {
      for (JsonNode env :
          job.path("template").path("spec").path("containers").path(0).path("env")) {
        String name = env.path("name").asText();
        if (name.startsWith("KAFKA_")
            || name.startsWith("SCHEMA_REGISTRY_")
            || name.startsWith("AWS_")) {
          assertEquals(
              "kafkaload-kafka",
              env.path("valueFrom").path("secretKeyRef").path("name").asText(),
              name + " comes from the Secret, never from the manifests");
        }
        assertFalse(env.path("value").asText().toLowerCase().contains("password"), name);
      }
    }
    // The new secrets each have their variable, read from the Secret.
    List<String> names = new java.util.ArrayList<>();
    container.path("env").forEach(e -> names.add(e.path("name").asText()));
    assertTrue(
        names.containsAll(
            List.of(
                "KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET",
                "SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET",
                "AWS_ACCESS_KEY_ID",
                "AWS_SECRET_ACCESS_KEY")),
        names.toString());
    // The Kerberos keytab is a file from the Secret, never from a ConfigMap.
    JsonNode kerberos = null;
    for (JsonNode v : injectors.path("template").path("spec").path("volumes")) {
      if (v.path("name").asText().equals("kerberos")) {
        kerberos = v;
      }
    }
    assertNotNull(kerberos, "the kerberos volume");
    assertEquals("kafkaload-kafka", kerberos.path("secret").path("secretName").asText());
    assertTrue(kerberos.path("configMap").isMissingNode());
    assertEquals("krb5.keytab", kerberos.path("secret").path("items").path(0).path("key").asText());
  }
}
