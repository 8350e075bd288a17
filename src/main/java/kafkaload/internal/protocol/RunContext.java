package kafkaload.internal.protocol;

import java.util.Map;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.metrics.MetricsSettings;
import kafkaload.internal.results.InjectorResults;

/**
 * What the run's parameters say about the run itself, resolved when the protocol is built.
 *
 * @param injectorBounds when the injector counts as saturated
 * @param parameters the -D parameters the simulation read, with the values used (a live, read-only
 *     view)
 * @param injector which injector of a distributed run this is ({@link InjectorShare#SINGLE}: the
 *     whole run)
 * @param metrics the live Prometheus endpoint; null: none (-Dmetrics.port unset)
 * @param snapshot the snapshot itself: the -D names given, each value's source (knob names checked,
 *     the dry run's plan)
 * @param dryRun -Ddry.run: preflight and the plan, then exit before the first user
 */
public record RunContext(
    InjectorResults.Bounds injectorBounds,
    Map<String, String> parameters,
    InjectorShare injector,
    MetricsSettings metrics,
    ParamSnapshot snapshot,
    boolean dryRun) {}
