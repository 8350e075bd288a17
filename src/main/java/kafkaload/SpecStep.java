package kafkaload;

import io.gatling.javaapi.core.ActionBuilder;
import java.util.function.Supplier;

/**
 * A step of the DSL whose Scala action builder is made from its spec when Gatling asks for it: the
 * one {@code asScala()} of the immutable builders.
 */
abstract class SpecStep implements ActionBuilder {
  private final Supplier<io.gatling.core.action.builder.ActionBuilder> scala;

  /** {@code scala} makes the Scala action builder from the builder's spec. */
  SpecStep(Supplier<io.gatling.core.action.builder.ActionBuilder> scala) {
    this.scala = scala;
  }

  /** The Scala action builder Gatling runs; called by Gatling, not by simulations. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    return scala.get();
  }
}
