/**
 * Checks on reply records, in the manner of Gatling's HTTP checks, behind the public ReplyCheck. It
 * may use only the packages below it in the layers: client, admin, run, broker, payload, config.
 * Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.check;
