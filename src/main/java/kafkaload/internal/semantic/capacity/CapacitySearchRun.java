package kafkaload.internal.semantic.capacity;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import kafkaload.internal.client.RecordSender;
import kafkaload.internal.config.Console;
import kafkaload.internal.report.Histograms;
import kafkaload.internal.results.InjectorSample;
import org.apache.kafka.common.utils.Utils;

/**
 * The search's loop on one injector: for each step, pace the plateau, wait a bounded time for its
 * acks, share its figures, judge every injector's figures, let the unacked records settle, take the
 * next step; until the search ends or capacity.maxSeconds runs out.
 */
final class CapacitySearchRun implements AutoCloseable {
  /** Settings this injector runs with, beside the spec. */
  record Context(
      CapacitySpec spec,
      int injector,
      int injectors,
      double cpuBoundPct,
      boolean brokerHere,
      long bufferMemory,
      Function<String, RecordSender> senders,
      java.util.function.Supplier<List<InjectorSample>> samples,
      Runnable measuredStarts,
      GroupLag groups,
      EndToEndReader endToEnd) {}

  private final Context ctx;
  private final Pacer pacer;
  private final Exchange exchange;
  private volatile boolean stopped;

  CapacitySearchRun(Context ctx, Pacer pacer, Exchange exchange) {
    this.ctx = ctx;
    this.pacer = pacer;
    this.exchange = exchange;
  }

  /** The run is over: a search still going stops at once, with what it found. */
  @Override
  public void close() {
    stopped = true;
  }

  /** Runs the search to its end; the figures of every plateau, in order, and the search. */
  Search run(List<PlateauFigures> plateaus) {
    CapacitySpec spec = ctx.spec();
    Search search =
        new Search(
            spec.plateaus().startRate(), spec.plateaus().precisionPct(), spec.plateaus().minRate());
    PlateauJudge judge = new PlateauJudge(spec, ctx.cpuBoundPct(), ctx.brokerHere());
    long deadline = System.nanoTime() + SECONDS.toNanos(spec.plateaus().maxSeconds());
    // A plateau's acks are waited for twice the p99 gate, at least a second, before it is judged;
    // a record still unacked then counts at that wait, above the gate.
    long ackWaitNanos =
        MILLISECONDS.toNanos(Math.max(1000, (long) Math.ceil(2 * spec.gates().p99Ms())));
    boolean measured = false;
    Optional<EndToEndReader> e2e = Optional.ofNullable(ctx.endToEnd());
    e2e.ifPresent(EndToEndReader::start);
    int index = 0;
    Search.Step step;
    while ((step = search.next()) != null) {
      boolean warmUp = step.kind() == Search.Kind.WARM_UP;
      int seconds = warmUp ? spec.plateaus().warmUpSeconds() : spec.plateaus().plateauSeconds();
      if (seconds == 0) {
        search.judged(true);
        continue;
      }
      if (stopped) {
        search.stop("the run ended");
        break;
      }
      // No plateau inherits the last one's unread records.
      e2e.ifPresent(r -> r.caughtUp(deadline, () -> stopped));
      if (System.nanoTime() + SECONDS.toNanos(seconds) + ackWaitNanos > deadline) {
        search.stop("capacity.maxSeconds (" + spec.plateaus().maxSeconds() + " s) ran out");
        break;
      }
      if (!warmUp && !measured) {
        measured = true;
        ctx.measuredStarts().run();
      }
      PlateauRun run =
          new PlateauRun(
              index, step.rate() / ctx.injectors(), seconds, requestName(index, step, warmUp));
      int sampleFrom = ctx.samples().get().size();
      e2e.ifPresent(EndToEndReader::plateauStarts);
      pacer.run(run, ctx.senders().apply(run.requestName), () -> stopped);
      Double cpu = meanCpu(ctx.samples().get(), sampleFrom);
      awaitAcks(run, run.windowEndNanos() + ackWaitNanos, 5);
      long waited = (System.nanoTime() - run.windowEndNanos()) / 1000;
      // The records still unacked are waited for before the next plateau starts (up to the
      // search's end), so a plateau never starts with the last one's backlog in the producer.
      awaitAcks(run, deadline, 10);
      long drainedBy =
          Math.min(deadline, System.nanoTime() + SECONDS.toNanos(spec.gates().lagDrainSeconds()));
      GroupLag.Behind behind =
          warmUp ? null : ctx.groups().waitDrained(spec.gates().maxGroupLag(), drainedBy);
      EndToEndReader.Read read =
          warmUp
              ? null
              : e2e.map(r -> r.plateauEnded(run.windowEndNanos(), drainedBy)).orElse(null);
      List<PlateauShare> all = exchange.all(share(run, cpu, waited, behind, read), deadline);
      if (all.size() < ctx.injectors()) {
        search.stop(
            "only %s of %s injectors shared their figures of plateau %s in time"
                .formatted(all.size(), ctx.injectors(), index));
        break;
      }
      PlateauFigures f = judge.judge(index, step, seconds, all);
      plateaus.add(f);
      CapacityConsole.plateau(f);
      search.judged(f.verdict().passed());
      index++;
    }
    return search;
  }

  /**
   * The plateau's request name: the search's name, the target rate, and its place in the search, so
   * a rate run twice (a bisection, then its confirmation) is two rows of Gatling's report.
   */
  private String requestName(int index, Search.Step step, boolean warmUp) {
    String name = ctx.spec().requestName();
    return (warmUp ? kafkaload.internal.history.RunFigures.WARM_UP + " " + name : name)
        + Console.text(
            " @ %,.0f msg/s (#%d %s)",
            step.rate(), index, step.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
  }

  private PlateauShare share(
      PlateauRun run,
      Double cpu,
      long waitedMicros,
      GroupLag.Behind behind,
      EndToEndReader.Read read) {
    long unacked = run.outstanding();
    org.HdrHistogram.Histogram delay = run.publishDelay.getIntervalHistogram();
    return new PlateauShare(
        ctx.injector(),
        run.index,
        new PlateauShare.Counts(
            run.sent.sum(),
            run.acked.sum(),
            run.failed.sum(),
            run.ackedInWindow.sum(),
            run.skipped.sum(),
            unacked,
            run.bytes.get()),
        new PlateauShare.Timing(
            Histograms.encode(run.latencies(waitedMicros)),
            delay.getValueAtPercentile(99) / 1000.0,
            delay.getCountBetweenValues(
                (long) (ctx.spec().gates().maxPublishDelayMs() * 1000) + 1,
                Math.max(1, delay.getMaxValue()))),
        read == null
            ? null
            : new PlateauShare.EndToEnd(Histograms.encode(read.latency()), read.behind()),
        cpu,
        run.firstError.get(),
        behind);
  }

  /** Waits, checking every {@code pollMs}, until the run's records are acked or untilNanos. */
  private void awaitAcks(PlateauRun run, long untilNanos, long pollMs) {
    while (run.outstanding() > 0 && System.nanoTime() < untilNanos && !stopped) {
      Utils.sleep(pollMs);
    }
  }

  /**
   * The injector process's mean CPU, as a share of the machine, over the samples taken since {@code
   * from}; null when none was. The process's, not the machine's: another process busy on the
   * machine does not make this injector the limit, unless its sends start late.
   */
  static Double meanCpu(List<InjectorSample> samples, int from) {
    List<InjectorSample> mine = samples.subList(Math.min(from, samples.size()), samples.size());
    return mine.isEmpty()
        ? null
        : mine.stream().mapToDouble(p -> p.resources().processCpuPct()).average().orElse(0);
  }
}
