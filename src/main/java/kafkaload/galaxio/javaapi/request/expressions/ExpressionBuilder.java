package kafkaload.galaxio.javaapi.request.expressions;

import io.gatling.commons.validation.Validation;
import io.gatling.javaapi.core.internal.Expressions;
import org.apache.kafka.common.serialization.Serde;

/**
 * A key or value of a galaxio request: a function of the session, its class and the Kafka serde
 * that turns it into the record's bytes. A String is Gatling EL, resolved per record as galaxio
 * does.
 */
public abstract class ExpressionBuilder<V> {
  private final JExpression<V> javaExpression;
  private final Class<V> type;
  private final Serde<V> serde;

  protected ExpressionBuilder(JExpression<V> javaExpression, Class<V> type, Serde<V> serde) {
    if (javaExpression == null || type == null || serde == null) {
      throw new IllegalArgumentException(
          "an expression builder needs its expression, class and serde, none null");
    }
    this.javaExpression = javaExpression;
    this.type = type;
    this.serde = serde;
  }

  /** The expression as Gatling's Scala API takes it. */
  public scala.Function1<io.gatling.core.session.Session, Validation<V>> gatlingExpression() {
    return Expressions.javaFunctionToExpression(javaExpression);
  }

  public Class<V> getType() {
    return type;
  }

  public Serde<V> getSerde() {
    return serde;
  }

  /** The expression as given (this port's accessor; galaxio has none). */
  public JExpression<V> getExpression() {
    return javaExpression;
  }
}
