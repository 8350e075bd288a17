package kafkaload.galaxio.javaapi.checks;

import io.gatling.javaapi.core.CheckBuilder.CheckType;

/** The check type galaxio adds to Gatling's: {@code simpleCheck(..)}'s. */
public enum KafkaCheckType implements CheckType {
  Simple
}
