package kafkaload.internal.semantic.backlog;

import com.fasterxml.jackson.core.type.TypeReference;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * Backlog build-and-drain ({@code backlog} in a protocol's results): the phases, the samples, the
 * catch-up rates and latencies, the verdict. One injector's: a distributed run's merge keeps no
 * backlog section (each injector would pause the same group).
 */
public final class BacklogSemantic extends CountedSemantic<BacklogFigures, BacklogCounters> {
  public static final SectionType<BacklogFigures> SECTION =
      new SectionType<>("backlog", new TypeReference<>() {});

  public BacklogSemantic() {
    super(SECTION, BacklogCounters.class, BacklogCounters::figures);
  }
}
