/**
 * The Gatling actions behind the public builders (send, request-reply, consume, drain, reconcile,
 * lag verdict, broker faults), each built from an immutable spec. It may use only the packages
 * below it in the layers: protocol, report, verification, check, client, admin, run, broker,
 * payload, config. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.action;
