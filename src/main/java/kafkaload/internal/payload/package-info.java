/**
 * How keys, values and headers are made and turned into bytes, including values taken from the
 * virtual user's session. It may use only the packages below it in the layers: config. Internal:
 * not part of the public API; may change without notice.
 */
package kafkaload.internal.payload;
