package kafkaload.internal.check;

import io.gatling.javaapi.core.CheckBuilder;

/**
 * The check types of Kafka's own checks, beside Gatling's {@code CoreCheckType}: what {@link
 * RecordChecks} materializes them with.
 */
public enum KafkaCheckType implements CheckBuilder.CheckType {
  /** A check on the record itself: its key, a header, its schema (identity preparer). */
  Record,
  /** A predicate on the record ({@code simpleCheck}). */
  Simple,
  /** Another check applied to the key or a header as if it were the value ({@code onKey}). */
  Source
}
