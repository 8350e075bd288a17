package kafkaload.internal.check;

import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.core.check.Extractor;
import io.gatling.core.session.Session;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.internal.Converters;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import kafkaload.internal.schema.DecodeSpec;
import kafkaload.internal.schema.Framing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import scala.Function1;
import scala.Option;
import scala.collection.immutable.Seq;

/**
 * Kafka's own check builders, in Gatling's Java DSL types so that Gatling's whole chain (find(n),
 * findAll, count, is, transform, saveAs...) applies: the key, a header, the writer schema, a
 * predicate, and any check applied to the key or a header.
 */
public final class RecordCheckBuilders {
  private RecordCheckBuilders() {}

  /** The record's key as UTF-8 text; nothing found when the record has no key. */
  public static CheckBuilder.Find<String> key() {
    return single("key", r -> r.key() == null ? null : utf8(r.key()));
  }

  /** Every value of this header, in the record's order, as UTF-8 text ({@code find} the first). */
  public static CheckBuilder.MultipleFind<String> header(String name) {
    RecordView.header(name); // refuses a blank name now, before any load
    return multiple(
        "header(" + name + ")",
        r ->
            StreamSupport.stream(r.headers().headers(name).spliterator(), false)
                .map(Header::value)
                .filter(Objects::nonNull)
                .map(RecordCheckBuilders::utf8)
                .toList());
  }

  /** The writer schema's id: the decoded record's, else read from the value's framing. */
  public static CheckBuilder.Find<String> schemaId() {
    return single(
        "schemaId",
        r -> {
          // A header without a value (Kafka allows one) is no id: the framing is read instead.
          Header h = r.headers().lastHeader(DecodeSpec.SCHEMA_ID_HEADER);
          return h != null && h.value() != null
              ? utf8(h.value())
              : Objects.toString(Framing.schemaIdIfFramed(r.value()), null);
        });
  }

  /** The registry subject(s) of a decoded record's schema, comma-separated. */
  public static CheckBuilder.Find<String> schemaSubject() {
    return single(
        "schemaSubject",
        r -> {
          Header h = r.headers().lastHeader(DecodeSpec.SUBJECT_HEADER);
          if (h == null || h.value() == null) {
            throw new IllegalStateException(
                "the record was not decoded: add .decoded() to know its subject");
          }
          return utf8(h.value());
        });
  }

  /** A predicate on the record; false is a failure, an exception a failure naming it. */
  public static CheckBuilder simpleCheck(Function<ConsumerRecord<byte[], byte[]>, Boolean> f) {
    if (f == null) {
      throw new IllegalArgumentException("simpleCheck needs a function, got null");
    }
    return new SimpleCheckBuilder(f);
  }

  /** This check applied to the key or a header, as if it were the record's value. */
  public static CheckBuilder on(RecordView view, CheckBuilder check) {
    if (check == null) {
      throw new IllegalArgumentException("a check on " + view.name() + " needs a check, got null");
    }
    RecordChecks.of(List.of(check)); // refuses a check type Kafka records do not support, now
    return new SourceCheckBuilder(view, check);
  }

  /** A predicate as a check builder: it materializes to itself, as Gatling's JMS simpleCheck. */
  record SimpleCheckBuilder(Function<ConsumerRecord<byte[], byte[]>, Boolean> f)
      implements CheckBuilder {
    @Override
    public io.gatling.core.check.CheckBuilder<?, ?> asScala() {
      throw new UnsupportedOperationException("a simpleCheck is materialized by RecordChecks");
    }

    @Override
    public CheckType type() {
      return KafkaCheckType.Simple;
    }
  }

  /** A check on another source of the record. */
  record SourceCheckBuilder(RecordView view, CheckBuilder check) implements CheckBuilder {
    @Override
    public io.gatling.core.check.CheckBuilder<?, ?> asScala() {
      throw new UnsupportedOperationException(
          "a check on a source is materialized by RecordChecks");
    }

    @Override
    public CheckType type() {
      return KafkaCheckType.Source;
    }
  }

  /** At most one value (none when {@code f} gives null), through Gatling's find chain. */
  private static CheckBuilder.Find<String> single(
      String name, Function<ConsumerRecord<byte[], byte[]>, String> f) {
    return multiple(name, r -> Stream.ofNullable(f.apply(r)).toList());
  }

  // Scala's nested class of a companion object, named by its binary name (javac cannot reach it
  // through the companion): Gatling's own MultipleFind builder.
  private static CheckBuilder.MultipleFind<String> multiple(
      String name, Function<ConsumerRecord<byte[], byte[]>, List<String>> f) {
    var scala =
        new io.gatling.core.check.CheckBuilder$MultipleFind$Default<
            KafkaCheckType, ConsumerRecord<byte[], byte[]>, String>(true) {
          @Override
          public Function1<Session, Validation<Extractor<ConsumerRecord<byte[], byte[]>, String>>>
              findExtractor(int occurrence) {
            return picking(
                occurrence == 0 ? "find" : "find(" + occurrence + ")",
                all ->
                    occurrence < all.size() ? Option.apply(all.get(occurrence)) : Option.empty());
          }

          @Override
          public Function1<
                  Session, Validation<Extractor<ConsumerRecord<byte[], byte[]>, Seq<String>>>>
              findAllExtractor() {
            return picking(
                "findAll",
                all -> all.isEmpty() ? Option.empty() : Option.apply(Converters.toScalaSeq(all)));
          }

          @Override
          public Function1<Session, Validation<Extractor<ConsumerRecord<byte[], byte[]>, Object>>>
              countExtractor() {
            return picking("count", all -> Option.apply(all.size()));
          }

          /** The extraction picking from the record's values, the same for every session. */
          private <X>
              Function1<Session, Validation<Extractor<ConsumerRecord<byte[], byte[]>, X>>> picking(
                  String arity, Function<List<String>, Option<X>> pick) {
            Validation<Extractor<ConsumerRecord<byte[], byte[]>, X>> v =
                new Success<>(new RecordExtractor<>(name, arity, r -> pick.apply(f.apply(r))));
            return session -> v;
          }
        };
    return new CheckBuilder.MultipleFind.Default<>(
        scala, KafkaCheckType.Record, String.class, null);
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /**
   * An extraction from a record, named as Gatling names its own ("header(h).find"); an exception is
   * the extraction's failure, which Gatling reports as "extraction crashed".
   */
  private record RecordExtractor<X>(
      String name, String arity, Function<ConsumerRecord<byte[], byte[]>, Option<X>> f)
      implements Extractor<ConsumerRecord<byte[], byte[]>, X> {
    @Override
    public Validation<Option<X>> apply(ConsumerRecord<byte[], byte[]> r) {
      try {
        return new Success<>(f.apply(r));
      } catch (RuntimeException e) {
        return RecordChecks.failure(e.getMessage() == null ? e.toString() : e.getMessage());
      }
    }
  }
}
