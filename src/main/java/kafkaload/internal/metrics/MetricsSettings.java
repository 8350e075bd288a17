package kafkaload.internal.metrics;

/**
 * The live endpoint's settings.
 *
 * @param port -Dmetrics.port (0: a free one, printed on the console)
 * @param lingerSeconds -Dmetrics.lingerSeconds: how long the endpoint stays up after the run, so a
 *     last scrape sees the verdicts and the end
 */
public record MetricsSettings(int port, int lingerSeconds) {}
