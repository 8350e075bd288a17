package kafkaload.internal.schema;

import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.payload.SessionValue;

/**
 * Records generated for a parsed schema (the traffic semantic's generator, which this package may
 * not name): the content of one send, bound to the run. Injector i of n makes records i, i + n, i +
 * 2n, ..., so a distributed run's injectors send different records, together records 0, 1, 2, ...
 */
@FunctionalInterface
public interface ContentGenerator {
  SessionValue<Object> contentFor(RecordSchema schema, InjectorShare injector);
}
