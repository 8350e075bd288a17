/**
 * Distributed runs: one simulation on N injectors (Kubernetes Indexed Job pods or local processes),
 * each writing its simulation.log and Kafka results, and the merge that makes one Gatling log, one
 * Kafka page, one reconciliation and one verdict of them. Internal: entered through {@code
 * kafkaload.distributed.Distributed}.
 */
package kafkaload.internal.distributed;
