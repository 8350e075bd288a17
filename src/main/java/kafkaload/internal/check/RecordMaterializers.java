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
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import scala.Function1;

/**
 * How Gatling's checks see a Kafka record, as Gatling's JMS module's materializers see a message:
 * the value as bytes, its length, UTF-8 text or JSON (Gatling's own parser), or the record itself.
 * A record without a value (a tombstone) fails the preparation, naming why.
 */
@SuppressWarnings("rawtypes")
final class RecordMaterializers {
  private RecordMaterializers() {}

  // JVM-wide, thread-safe, holding no run's data: Gatling's JSON parsers (Jackson underneath).
  private static final JsonParsers JSON = new JsonParsers();

  static final CheckMaterializer BODY_BYTES = ofValue(Success::new);

  static final CheckMaterializer BODY_LENGTH = ofValue(v -> new Success<>(v.length));

  static final CheckMaterializer BODY_STRING =
      ofValue(v -> new Success<>(new String(v, StandardCharsets.UTF_8)));

  static final CheckMaterializer JSON_TREE =
      ofValue(
          v -> {
            Validation<JsonNode> parsed = JSON.safeParse(new ByteArrayInputStream(v));
            return (Object) parsed instanceof Failure f
                ? RecordChecks.failure(
                    "Could not parse the record's value into a JSON: " + f.message())
                : parsed;
          });

  static final CheckMaterializer RECORD = of(Success::new);

  /** The value prepared; a record without one fails the preparation. */
  private static CheckMaterializer ofValue(Function<byte[], Validation<?>> prepare) {
    return of(
        r ->
            r.value() == null
                ? RecordChecks.failure("the record has no value (a tombstone)")
                : prepare.apply(r.value()));
  }

  @SuppressWarnings("unchecked")
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
