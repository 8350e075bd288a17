package kafkaload.internal.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.commons.validation.Failure;
import io.gatling.commons.validation.Success;
import io.gatling.commons.validation.Validation;
import io.gatling.core.check.Check;
import io.gatling.core.check.CheckMaterializer;
import io.gatling.core.json.JsonParsers;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import scala.Function1;

/**
 * How Gatling's checks see a Kafka record, as Gatling's JMS module's materializers see a message:
 * the value as bytes, its length, UTF-8 text or JSON (Gatling's own parser), or the record itself.
 * A record without a value (a tombstone) fails the preparation, naming why.
 */
final class RecordMaterializers {
  private RecordMaterializers() {}

  // JVM-wide, thread-safe, holding no run's data: Gatling's JSON parsers (Jackson underneath).
  private static final JsonParsers JSON = new JsonParsers();

  @SuppressWarnings("rawtypes")
  static final CheckMaterializer BODY_BYTES = of(r -> value(r, false));

  @SuppressWarnings("rawtypes")
  static final CheckMaterializer BODY_LENGTH =
      of(r -> r.value() == null ? noValue() : new Success<>(r.value().length));

  @SuppressWarnings("rawtypes")
  static final CheckMaterializer BODY_STRING = of(r -> value(r, true));

  @SuppressWarnings("rawtypes")
  static final CheckMaterializer JSON_TREE =
      of(
          r -> {
            if (r.value() == null) {
              return noValue();
            }
            Validation<JsonNode> parsed = JSON.safeParse(new ByteArrayInputStream(r.value()));
            return (Object) parsed instanceof Failure f
                ? RecordChecks.failure(
                    "Could not parse the record's value into a JSON: " + f.message())
                : parsed;
          });

  @SuppressWarnings("rawtypes")
  static final CheckMaterializer RECORD = of(Success::new);

  private static Validation<Object> value(ConsumerRecord<byte[], byte[]> r, boolean text) {
    if (r.value() == null) {
      return noValue();
    }
    return new Success<>(text ? new String(r.value(), StandardCharsets.UTF_8) : r.value());
  }

  private static <P> Validation<P> noValue() {
    return RecordChecks.failure("the record has no value (a tombstone)");
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static CheckMaterializer of(
      Function1<ConsumerRecord<byte[], byte[]>, Validation<?>> preparer) {
    Function1<Check<ConsumerRecord<byte[], byte[]>>, Check<ConsumerRecord<byte[], byte[]>>>
        identity = c -> c;
    return new CheckMaterializer(identity) {
      @Override
      public Function1 preparer() {
        return preparer;
      }
    };
  }
}
