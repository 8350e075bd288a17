/**
 * Connection settings and the admin work around the load: bootstrap probe, preflight, topic
 * creation, prefill, and security failures in one line. It may use only the packages below it in
 * the layers: run, broker, payload, config. Internal: not part of the public API; may change
 * without notice.
 */
package kafkaload.internal.admin;
