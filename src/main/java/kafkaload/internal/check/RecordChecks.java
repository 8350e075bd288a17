package kafkaload.internal.check;

import io.gatling.commons.validation.Failure;
import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.core.check.Check;
import io.gatling.core.check.CheckMaterializer;
import io.gatling.core.check.CheckResult;
import io.gatling.core.session.Session;
import io.gatling.core.session.Session$;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.internal.CoreCheckType;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import scala.Function2;
import scala.Option;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Gatling's checks (Gatling's generic ones from CoreDsl, and Kafka's own of {@link
 * RecordCheckBuilders}) materialized on Kafka records, as Gatling's JMS module does on messages,
 * then applied by Gatling's own {@code Check.applyChecks}: the session they update and the first
 * failure, in Gatling's words. Immutable; built when the simulation is, so a check type records do
 * not support is refused before any load.
 */
public final class RecordChecks {
  /** No check. */
  public static final RecordChecks NONE = new RecordChecks(List.of());

  private final List<Check<ConsumerRecord<byte[], byte[]>>> checks;

  /** The same checks as the Scala list Gatling applies, made once. */
  private final scala.collection.immutable.List<Check<ConsumerRecord<byte[], byte[]>>> scalaChecks;

  private RecordChecks(List<Check<ConsumerRecord<byte[], byte[]>>> checks) {
    this.checks = List.copyOf(checks);
    this.scalaChecks = CollectionConverters.asScala(this.checks).toList();
  }

  /** These checks, materialized on records. */
  public static RecordChecks of(List<CheckBuilder> builders) {
    return new RecordChecks(builders.stream().map(RecordChecks::materialize).toList());
  }

  /** These checks, applied only when the condition holds (Gatling's {@code checkIf}). */
  public static RecordChecks of(List<CheckBuilder> builders, RecordCondition condition) {
    return new RecordChecks(
        of(builders).checks.stream()
            .<Check<ConsumerRecord<byte[], byte[]>>>map(c -> when(c, condition))
            .toList());
  }

  /** These checks, then those. */
  public RecordChecks plus(RecordChecks more) {
    return new RecordChecks(Stream.concat(checks.stream(), more.checks.stream()).toList());
  }

  public boolean isEmpty() {
    return checks.isEmpty();
  }

  /**
   * What the checks make of a record: the session with every value saved by the checks that passed,
   * and the first failure's message (Gatling's), or null when all passed.
   */
  public record Outcome(Session session, String failure) {}

  /** Applies every check to the record, as Gatling applies checks to a response. */
  public Outcome apply(ConsumerRecord<byte[], byte[]> record, Session session) {
    if (checks.isEmpty()) {
      return new Outcome(session, null);
    }
    try {
      Tuple2<Session, Option<Failure>> r = Check.applyChecks(record, session, scalaChecks);
      return new Outcome(r._1(), r._2().isDefined() ? r._2().get().message() : null);
    } catch (RuntimeException e) { // a user's function that threw where Gatling does not catch
      return new Outcome(session, "a check crashed: " + e);
    }
  }

  /** Gatling's Failure, typed as the Validation Java expects (Scala's is of Nothing). */
  @SuppressWarnings("unchecked")
  static <T> Validation<T> failure(String message) {
    return (Validation<T>) (Validation<?>) new Failure(message);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Check<ConsumerRecord<byte[], byte[]>> materialize(CheckBuilder b) {
    if (b == null) {
      throw new KafkaLoadConfigException("a check is null");
    }
    if (b instanceof RecordCheckBuilders.SimpleCheckBuilder s) {
      return predicate(s.f());
    }
    if (b instanceof RecordCheckBuilders.SourceCheckBuilder s) {
      return view(s.view(), materialize(s.check()));
    }
    CheckMaterializer m = materializer(b.type());
    Check<ConsumerRecord<byte[], byte[]>> check =
        (Check<ConsumerRecord<byte[], byte[]>>) b.asScala().build(m);
    return Set.of(CoreCheckType.JsonPath, CoreCheckType.JmesPath, CoreCheckType.Regex)
            .contains(b.type())
        ? probed(check)
        : check;
  }

  private static final ConsumerRecord<byte[], byte[]> PROBE =
      new ConsumerRecord<>("probe", 0, 0L, new byte[] {'k'}, new byte[] {'{', '}'});

  /**
   * Gatling compiles a check's JSONPath, JMESPath or regex at its first use, so a malformed one
   * would fail every request of the run. Applied once to a record holding {@code {}}, here, it is
   * refused before any load. Only a compile error counts: an expression with EL that the empty
   * session cannot resolve, a transform of the user's that fails on {@code {}}, pass.
   */
  private static Check<ConsumerRecord<byte[], byte[]>> probed(
      Check<ConsumerRecord<byte[], byte[]>> check) {
    Validation<CheckResult> result;
    try {
      result = check.check(PROBE, Session$.MODULE$.apply("probe", 0L, null), null);
    } catch (java.util.regex.PatternSyntaxException e) { // Gatling's regex lets it through
      throw new KafkaLoadConfigException(
          "a check's regular expression is not valid: " + e.getMessage().replace('\n', ' '));
    } catch (RuntimeException e) {
      return check; // the user's own function on a made-up record: not for us to judge
    }
    if ((Object) result instanceof Failure f
        && f.message().contains(" extraction crashed: ")
        && !f.message().contains("transform")) {
      throw new KafkaLoadConfigException(
          f.message() + " (its expression is not valid; refused before any load)");
    }
    return check;
  }

  @SuppressWarnings("rawtypes")
  private static CheckMaterializer materializer(CheckBuilder.CheckType type) {
    if (type == KafkaCheckType.Record) {
      return RecordMaterializers.RECORD;
    }
    CheckMaterializer m =
        type instanceof CoreCheckType core
            ? switch (core) {
              case BodyBytes -> RecordMaterializers.BODY_BYTES;
              case BodyLength -> RecordMaterializers.BODY_LENGTH;
              case BodyString, Substring, Regex -> RecordMaterializers.BODY_STRING;
              case JsonPath, JmesPath -> RecordMaterializers.JSON_TREE;
              default -> null;
            }
            : null;
    if (m != null) {
      return m;
    }
    throw new KafkaLoadConfigException(
        "Kafka records do not support Gatling's "
            + type
            + " check: use bodyString, bodyBytes, bodyLength, substring, regex, jsonPath, jmesPath,"
            + " or KafkaDsl's key(), header(..), onKey(..), onHeader(..), simpleCheck(..)");
  }

  /** A condition of Gatling's {@code checkIf}: on the session, or on the record and the session. */
  public record RecordCondition(
      String description,
      Function2<ConsumerRecord<byte[], byte[]>, Session, Validation<Object>> test) {

    /** Gatling EL resolving to a boolean, compiled now (a malformed one refused before load). */
    public static RecordCondition el(String el) {
      var expr = io.gatling.javaapi.core.internal.Expressions.toBooleanExpression(el);
      return new RecordCondition("checkIf(" + el + ")", (r, s) -> expr.apply(s));
    }

    /** A Java function of the session. */
    public static RecordCondition of(Function<io.gatling.javaapi.core.Session, Boolean> f) {
      return of((r, s) -> f.apply(s));
    }

    /** A Java function of the record and the session. */
    public static RecordCondition of(
        BiFunction<ConsumerRecord<byte[], byte[]>, io.gatling.javaapi.core.Session, Boolean> f) {
      return new RecordCondition(
          "checkIf(function)",
          (r, s) -> new Success<>(f.apply(r, new io.gatling.javaapi.core.Session(s))));
    }
  }

  /** A check on a record whose Gatling checkIf(..) wraps it in {@link #when}. */
  private interface ConditionalCheck extends Check<ConsumerRecord<byte[], byte[]>> {
    @Override
    default Check<ConsumerRecord<byte[], byte[]>> checkIf(
        scala.Function1<Session, Validation<Object>> c) {
      return when(this, new RecordCondition("checkIf", (r, s) -> c.apply(s)));
    }

    @Override
    default Check<ConsumerRecord<byte[], byte[]>> checkIf(
        Function2<ConsumerRecord<byte[], byte[]>, Session, Validation<Object>> c) {
      return when(this, new RecordCondition("checkIf", c));
    }
  }

  /** A check applied only when its condition holds, else passing with nothing saved. */
  private static ConditionalCheck when(
      Check<ConsumerRecord<byte[], byte[]>> check, RecordCondition condition) {
    return (r, session, cache) -> {
      Validation<Object> holds;
      try {
        holds = condition.test().apply(r, session);
      } catch (RuntimeException e) {
        return failure(condition.description() + " crashed: " + e);
      }
      if ((Object) holds instanceof Failure f) {
        return failure(condition.description() + " crashed: " + f.message());
      }
      return Boolean.TRUE.equals(((Success<Object>) holds).value())
          ? check.check(r, session, cache)
          : CheckResult.NoopCheckResultSuccess();
    };
  }

  /** A predicate on the record: false fails as Gatling's JMS simpleCheck does. */
  private static ConditionalCheck predicate(Function<ConsumerRecord<byte[], byte[]>, Boolean> f) {
    return (r, session, cache) -> {
      try {
        return Boolean.TRUE.equals(f.apply(r))
            ? CheckResult.NoopCheckResultSuccess()
            : failure("Kafka check failed");
      } catch (RuntimeException e) {
        return failure("simpleCheck crashed: " + e);
      }
    };
  }

  /**
   * A check on the key or a header, seen as the value of a record of its own; its prepared forms
   * are not the record's, so it gets no shared cache.
   */
  private static ConditionalCheck view(
      RecordView view, Check<ConsumerRecord<byte[], byte[]>> check) {
    return (r, session, cache) -> {
      Optional<ConsumerRecord<byte[], byte[]>> seen = view.of(r);
      if (seen.isEmpty()) {
        return failure("on " + view.name() + ": the record has no " + view.name());
      }
      Validation<CheckResult> result = check.check(seen.get(), session, null);
      return (Object) result instanceof Failure f
          ? failure("on " + view.name() + ": " + f.message())
          : result;
    };
  }
}
