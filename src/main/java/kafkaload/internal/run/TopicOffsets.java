package kafkaload.internal.run;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A topic as the run saw it at one moment ({@code atMillis}, epoch ms): its id (which changes when
 * the topic is deleted and created again under the same name) and the end offset of each partition.
 */
public record TopicOffsets(String topicId, Map<Integer, Long> endOffsets, long atMillis) {
  public TopicOffsets {
    endOffsets = Collections.unmodifiableMap(new TreeMap<>(endOffsets));
  }
}
