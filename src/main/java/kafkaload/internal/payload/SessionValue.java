package kafkaload.internal.payload;

import io.gatling.commons.validation.Failure;
import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.core.session.Session;
import io.gatling.javaapi.core.internal.Expressions;
import java.util.function.Function;
import kafkaload.internal.config.KafkaLoadConfigException;
import scala.Function1;

/** A value from the user's session at send time; unresolvable: {@link Unresolved}, a KO. */
@FunctionalInterface
public interface SessionValue<T> {
  T resolve(Session session);

  /** Thrown when a value cannot be taken from the session; its message is what the KO shows. */
  final class Unresolved extends RuntimeException {
    public Unresolved(String message) {
      super(message, null, false, false);
    }
  }

  static <T> SessionValue<T> constant(T value) {
    return session -> value;
  }

  /** A Gatling EL string ("#{orderId}"), compiled now: a malformed one fails before any load. */
  static SessionValue<String> el(String el) {
    return el == null || !el.contains("#{")
        ? constant(el)
        : fromScala(compile(el, Expressions::toStringExpression));
  }

  static SessionValue<Object> elInt(String el) {
    return fromScala(compile(el, Expressions::toIntExpression));
  }

  private static <T> Function1<Session, Validation<T>> compile(
      String el, Function<String, Function1<Session, Validation<T>>> compiler) {
    // Gatling's ElParserException is a checked exception that Scala throws undeclared
    try {
      return compiler.apply(el);
    } catch (Exception e) {
      throw new KafkaLoadConfigException(
          "\"%s\" is not a valid Gatling EL expression: %s"
              .formatted(el, String.valueOf(e.getMessage()).replace('\n', ' ')));
    }
  }

  static <T> SessionValue<T> fromScala(Function1<Session, Validation<T>> expression) {
    return session -> {
      Validation<T> v = expression.apply(session);
      if (v instanceof Success) {
        return ((Success<T>) v).value();
      }
      throw new Unresolved(((Failure) (Object) v).message());
    };
  }

  /** A function of the Java DSL session; an exception it throws becomes the KO reason. */
  static <T> SessionValue<T> of(Function<io.gatling.javaapi.core.Session, T> f) {
    return session -> {
      try {
        return f.apply(new io.gatling.javaapi.core.Session(session));
      } catch (RuntimeException e) {
        throw new Unresolved(e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    };
  }
}
