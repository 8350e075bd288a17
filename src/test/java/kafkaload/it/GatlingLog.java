package kafkaload.it;

import io.gatling.charts.stats.CountsVsTimePlot;
import io.gatling.charts.stats.LogFileData;
import java.util.ArrayList;
import java.util.List;
import scala.Option;

/** What a run's simulation.log says second by second, read with Gatling's own reader. */
final class GatlingLog {
  private GatlingLog() {}

  /** A second of the run: its start in ms from the run's start, requests started in it. */
  record Second(int timeMs, int requests) {}

  /**
   * The requests named {@code request} started in each second of the run (Gatling's "requests per
   * second" chart, OK and KO together), in order; a run of seconds plots one bucket a second.
   */
  static List<Second> requestsPerSecond(KafkaTestSupport.GatlingRun run, String request) {
    LogFileData log = DistributedIT.read(KafkaTestSupport.reportDir(run).resolve("simulation.log"));
    List<Second> out = new ArrayList<>();
    scala.collection.Iterator<CountsVsTimePlot> it =
        log.numberOfRequestsPerSecond(Option.apply(request), Option.empty()).iterator();
    while (it.hasNext()) {
      CountsVsTimePlot p = it.next();
      out.add(new Second(p.time(), p.oks() + p.kos()));
    }
    return out;
  }
}
