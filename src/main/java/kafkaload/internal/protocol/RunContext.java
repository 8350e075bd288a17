package kafkaload.internal.protocol;

import java.util.Map;
import kafkaload.internal.config.InjectorBounds;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.metrics.MetricsSettings;

/**
 * What the run's parameters say about the run itself, resolved when the protocol is built.
 *
 * @param injectorBounds when the injector counts as saturated
 * @param parameters the -D parameters the simulation read, with the values used (a live, read-only
 *     view)
 * @param injector which injector of a distributed run this is ({@link InjectorShare#SINGLE}: the
 *     whole run)
 * @param metrics the live Prometheus endpoint; null: none (-Dmetrics.port unset)
 */
public record RunContext(
    InjectorBounds injectorBounds,
    Map<String, String> parameters,
    InjectorShare injector,
    MetricsSettings metrics) {}
