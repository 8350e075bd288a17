package kafkaload.internal.schema;

import java.util.Locale;
import kafkaload.internal.config.KafkaLoadConfigException;

/** How a schema's subject is named, as Confluent's subject name strategies do. */
public enum SubjectStrategy {
  TOPIC,
  RECORD,
  TOPIC_RECORD;

  /** Confluent's class name (io.confluent...subject.TopicNameStrategy) or its simple name. */
  public static SubjectStrategy of(String name) {
    if (name == null || name.isBlank()) {
      return TOPIC;
    }
    String n = name.trim();
    n = n.substring(n.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    switch (n) {
      case "topicnamestrategy":
      case "topic":
        return TOPIC;
      case "recordnamestrategy":
      case "record":
        return RECORD;
      case "topicrecordnamestrategy":
      case "topic_record":
      case "topicrecord":
        return TOPIC_RECORD;
      default:
        throw new KafkaLoadConfigException(
            "subject name strategy '"
                + name
                + "' is not TopicNameStrategy, "
                + "RecordNameStrategy or TopicRecordNameStrategy");
    }
  }

  public String subject(String topic, boolean isKey, String recordName) {
    switch (this) {
      case RECORD:
        return recordName;
      case TOPIC_RECORD:
        return topic + "-" + recordName;
      default:
        return topic + (isKey ? "-key" : "-value");
    }
  }
}
