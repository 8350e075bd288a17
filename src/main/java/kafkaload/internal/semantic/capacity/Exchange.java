package kafkaload.internal.semantic.capacity;

import java.util.List;

/**
 * How injectors share a plateau's figures, so each judges the same figures and takes the same next
 * step: alone, its own share is all there is.
 */
interface Exchange extends AutoCloseable {
  /**
   * Every injector's share of plateau {@code mine.plateau()}, this one's included, in injector
   * order; waits until {@code deadlineNanos} at most, then returns what came.
   */
  List<PlateauShare> all(PlateauShare mine, long deadlineNanos);

  @Override
  default void close() {}

  /** One injector: nothing to exchange. */
  Exchange ALONE = (mine, deadlineNanos) -> List.of(mine);
}
