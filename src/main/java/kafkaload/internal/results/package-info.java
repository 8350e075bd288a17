/**
 * What a run produces, as typed values: the records kafka-summary.json is the serialization of.
 * They depend on the JDK and Jackson only, so the Kafka page, the merge of a distributed run and a
 * future run history read them without the report code.
 */
package kafkaload.internal.results;
