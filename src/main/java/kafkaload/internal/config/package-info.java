/**
 * The base of the layers: configuration errors and the console printer, client security settings,
 * secret masking, the CSV feeder file and the injector-health bounds. It is the bottom layer and
 * uses no other package of the project. Internal: not part of the public API; may change without
 * notice.
 */
package kafkaload.internal.config;
