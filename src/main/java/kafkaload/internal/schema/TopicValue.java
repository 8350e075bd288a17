package kafkaload.internal.schema;

import io.gatling.core.session.Session;

/** A key or value whose bytes depend on the topic too (the subject is named from it). */
public interface TopicValue {
  byte[] encode(Session session, String topic);
}
