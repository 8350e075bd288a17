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
    return switch (n.substring(n.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT)) {
      case "topicnamestrategy", "topic" -> TOPIC;
      case "recordnamestrategy", "record" -> RECORD;
      case "topicrecordnamestrategy", "topic_record", "topicrecord" -> TOPIC_RECORD;
      default ->
          throw new KafkaLoadConfigException(
              "subject name strategy '%s' is not TopicNameStrategy, RecordNameStrategy or TopicRecordNameStrategy"
                  .formatted(name));
    };
  }

  public String subject(String topic, boolean isKey, String recordName) {
    return switch (this) {
      case RECORD -> recordName;
      case TOPIC_RECORD -> topic + "-" + recordName;
      case TOPIC -> topic + (isKey ? "-key" : "-value");
    };
  }
}
