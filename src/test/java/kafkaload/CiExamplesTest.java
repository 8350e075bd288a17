package kafkaload;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pipeline files under ci-examples/ parse as YAML (Jackson's YAML module; GitHub's and GitLab's
 * own schema checks need their servers and were not run), hold the steps docs/ci-gate.md promises,
 * and name only documented -D parameters and a main class that exists.
 */
class CiExamplesTest {
  private static final Path DIR = Path.of("ci-examples");
  private static final YAMLMapper YAML = new YAMLMapper();

  @Test
  void gitHubActionsWorkflow() throws Exception {
    JsonNode wf = YAML.readTree(DIR.resolve("github-actions.yml").toFile());
    // YAML 1.1 reads the key "on" as true; GitHub reads it as "on".
    assertTrue(wf.has("on") || wf.has("true"), "triggers");
    JsonNode steps = wf.at("/jobs/load-test/steps");
    assertTrue(steps.isArray() && steps.size() >= 6, "steps: " + steps);
    String all = steps.toString();
    for (String s :
        new String[] {
          "actions/cache/restore",
          "actions/cache/save",
          "actions/upload-artifact",
          "gatling:test",
          "-Dgate.baseline",
          "-Dhistory.dir",
          "GITHUB_STEP_SUMMARY",
          "js/assertions.xml",
          "TrendPage"
        }) {
      assertTrue(all.contains(s), "the workflow does " + s);
    }
  }

  @Test
  void gitLabPipeline() throws Exception {
    JsonNode job = YAML.readTree(DIR.resolve("gitlab-ci.yml").toFile()).get("kafka-load");
    assertTrue(job.at("/script").toString().contains("gatling:test"), job.toString());
    assertTrue(job.at("/artifacts/reports/junit").asText().endsWith("js/assertions.xml"));
    assertTrue(job.at("/cache/0/paths/0").asText().startsWith("kafka-history"));
    assertTrue(job.at("/after_script").toString().contains("merge_requests"), "posts the note");
  }

  @Test
  void theFilesNameOnlyDocumentedParametersAndAnExistingMainClass() throws Exception {
    String params = Files.readString(Path.of("docs/parameters.md"));
    for (String f : new String[] {"github-actions.yml", "gitlab-ci.yml", "Jenkinsfile"}) {
      String text = Files.readString(DIR.resolve(f));
      Matcher m = Pattern.compile("-D([a-zA-Z][A-Za-z0-9_.]*)=").matcher(text);
      while (m.find()) {
        String name = m.group(1);
        boolean ok =
            params.contains("`-D" + name + "`")
                || name.startsWith("gatling.")
                || name.startsWith("exec.")
                || name.startsWith("maven.");
        assertTrue(ok, f + " uses -D" + name + ", which docs/parameters.md does not list");
      }
      Matcher main = Pattern.compile("exec.mainClass=([\\w.]+)").matcher(text);
      assertTrue(main.find(), f);
      String cls = main.group(1);
      assertDoesNotThrow(() -> Class.forName(cls), f + " names " + cls);
    }
  }
}
