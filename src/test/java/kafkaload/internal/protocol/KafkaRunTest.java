package kafkaload.internal.protocol;

import static org.junit.jupiter.api.Assertions.*;

import io.gatling.core.CoreComponents;
import io.gatling.core.actor.ActorSystem;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicReference;
import kafkaload.internal.schema.EmbeddedRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * What a run leaves behind in a long-lived JVM: nothing once its files are written. Runs without a
 * broker or a load: Gatling's own actor system, started and closed as a run's is.
 */
class KafkaRunTest {

  @BeforeEach
  void noEarlierRun() {
    RunFiles.writeNow();
    assertEquals(0, RunFiles.pendingCount());
  }

  @AfterEach
  void stopRegistry() {
    EmbeddedRegistry.stopShared();
  }

  /** A run's start in its own thread: it wraps that thread's console for Gatling's verdicts. */
  private static KafkaRun start(ActorSystem actors) throws InterruptedException {
    CoreComponents core =
        new CoreComponents(actors, null, null, Option.empty(), null, null, null, null);
    AtomicReference<KafkaRun> run = new AtomicReference<>();
    Thread gatling = new Thread(() -> run.set(KafkaRun.of(core)), "gatling-run");
    gatling.start();
    gatling.join();
    assertNotNull(run.get());
    return run.get();
  }

  @Test
  void aLongLivedJvmHoldsNoRunItHasFinishedWith() throws Exception {
    for (int i = 0; i < 5; i++) {
      ActorSystem actors = new ActorSystem();
      start(actors);
      assertEquals(1, RunFiles.pendingCount(), "run " + i + ": only the current run is held");
      RunFiles.writeNow();
      assertEquals(1, RunFiles.pendingCount(), "a run not ended yet waits for its files");
      actors.close();
    }
    assertEquals(1, RunFiles.pendingCount(), "the last run waits for Gatling's report");
    RunFiles.writeNow();
    assertEquals(0, RunFiles.pendingCount(), "its files written, the last run is let go too");
  }

  @Test
  void theNextRunLetsGoOfTheEndedOne() throws Exception {
    ActorSystem first = new ActorSystem();
    start(first);
    first.close();
    ActorSystem second = new ActorSystem();
    start(second);
    assertEquals(1, RunFiles.pendingCount(), "the first run's files written as the second starts");
    second.close();
  }

  @Test
  void theEmbeddedRegistryEndsWithTheRun() throws Exception {
    ActorSystem actors = new ActorSystem();
    start(actors);
    EmbeddedRegistry registry = EmbeddedRegistry.shared();
    assertSame(registry, EmbeddedRegistry.shared(), "one registry for the run");
    String url = registry.url();
    assertEquals(200, get(url + "/subjects"));
    actors.close();
    assertThrows(ConnectException.class, () -> get(url + "/subjects"), "stopped at the run's end");
    assertNotSame(registry, EmbeddedRegistry.shared(), "a later run starts with a fresh one");
  }

  private static int get(String url) throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }
}
