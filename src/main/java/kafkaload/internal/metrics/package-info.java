/**
 * The live Prometheus endpoint of an injector (-Dmetrics.port): each request's results as they are
 * logged, and the run's counters, clients' Kafka metrics, health and lag read at each scrape from
 * their one owner (the ledger, the producers, the health sampler, the lag monitor).
 * docs/metrics.md.
 */
package kafkaload.internal.metrics;
