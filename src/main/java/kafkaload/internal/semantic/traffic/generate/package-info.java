/**
 * Records generated from a schema (docs/traffic.md): record n of a seed is a valid random instance
 * of an Avro record, a Protobuf message or a JSON Schema object, with per-field generators.
 */
package kafkaload.internal.semantic.traffic.generate;
