package kafkaload.internal.check;

import io.gatling.core.config.GatlingConfiguration;

/**
 * Gatling's check builders read Gatling's configuration, which Gatling sets when it runs a
 * simulation; a test that builds checks outside a run sets it first.
 */
public final class GatlingConfigForTests {
  private GatlingConfigForTests() {}

  public static synchronized void ensure() {
    if (io.gatling.core.Predef$.MODULE$._configuration() == null) {
      io.gatling.core.Predef$.MODULE$._configuration_$eq(GatlingConfiguration.load());
    }
  }
}
