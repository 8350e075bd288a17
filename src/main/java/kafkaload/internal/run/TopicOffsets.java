package kafkaload.internal.run;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** A topic at {@code atMillis}: its id (new when re-created) and each partition's end offset. */
public record TopicOffsets(String topicId, Map<Integer, Long> endOffsets, long atMillis) {
  public TopicOffsets {
    endOffsets = Collections.unmodifiableMap(new TreeMap<>(endOffsets));
  }
}
