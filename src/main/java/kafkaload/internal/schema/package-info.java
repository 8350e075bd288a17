/**
 * Records with schemas: the Schema Registry's REST client (ids cached, calls counted), Confluent's
 * wire framing, subject naming strategies, the Avro, Protobuf and JSON Schema encoders and decoders
 * built on the real libraries (Apache Avro, protobuf-java, networknt), Kafka serializers named by
 * class, and the embedded registry, a test double for zero-setup runs. It may use only the packages
 * below it in the layers: payload, config. Internal: not part of the public API; may change without
 * notice.
 */
package kafkaload.internal.schema;
