package kafkaload.galaxio.javaapi.request.expressions;

import io.gatling.javaapi.core.Session;
import java.util.function.Function;

/** A value computed from the session, as galaxio's expression helpers take it. */
@FunctionalInterface
public interface JExpression<T> extends Function<Session, T> {}
