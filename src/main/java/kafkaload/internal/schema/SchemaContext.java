package kafkaload.internal.schema;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.protobuf.Message;
import io.gatling.core.session.Session;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import org.apache.avro.generic.GenericContainer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * One protocol's schema side: its registry client (counted), settings, and binding of the sends'
 * schema values, which checks before the load the schema file, the registry for the topic, and the
 * template's shape.
 */
public final class SchemaContext {
  private final RegistrySettings settings;
  private final RegistryClient client;
  private final Map<Integer, RecordSchema> byId = new ConcurrentHashMap<>();
  private final Map<Integer, String> subjectById = new ConcurrentHashMap<>();
  private final InjectorShare injector;

  /** {@code injector}: whose share of the generated records the sends make. */
  public SchemaContext(RegistrySettings settings, LongAdder calls, InjectorShare injector) {
    this.settings = settings;
    this.injector = injector;
    this.client =
        new RegistryClient(
            settings.url(), settings.userInfo(), settings.tls(), settings.oauth(), calls);
  }

  /** The context of these settings; without a url, the embedded registry (started when used). */
  public static SchemaContext of(RegistrySettings s, LongAdder calls) {
    return of(s, calls, InjectorShare.SINGLE);
  }

  /** As above, on this injector of a distributed run (generated records: its share). */
  public static SchemaContext of(RegistrySettings s, LongAdder calls, InjectorShare injector) {
    if (s.url() == null) {
      refuseIf(
          s.tls().configured(),
          "%s* settings are set but %s is not: the embedded registry speaks plain HTTP; set the https:// URL of your registry"
              .formatted(RegistryTls.PREFIX, RegistrySettings.URL));
      refuseIf(
          s.oauth() != null,
          "%s=OAUTHBEARER is set but %s is not: the embedded registry takes no tokens; set the URL of your registry"
              .formatted(RegistryOAuth.CREDENTIALS_SOURCE, RegistrySettings.URL));
      // no TLS nor OAuth is set (both refused above)
      s = s.withUrl(EmbeddedRegistry.shared().url()).withUserInfo(null);
    }
    return new SchemaContext(s, calls, injector);
  }

  /** Writes contents with this schema for this topic in the wire format, as the echo does. */
  public Function<Object, byte[]> writer(RecordSchema schema, String topic, boolean isKey) {
    Target t = target(schema, isKey, false, topic);
    return content -> write(t, content, isKey);
  }

  /**
   * The spec as bytes per record; {@code topic} when known now; {@code timer} gets each encoding's
   * ns.
   */
  public SessionValue<byte[]> bind(
      SchemaValueSpec spec, boolean isKey, String topic, String requestName, LongConsumer timer) {
    String what = what(spec, isKey, requestName);
    if (spec.serializerClass() != null) {
      Serializer<Object> ser = serializer(spec, isKey, what);
      return new Encoded(
          spec.content(), ser::serialize, timer, "a serializer value needs its topic");
    }
    RecordSchema schema = checked(spec, what);
    SessionValue<Object> content = content(spec, schema, what);
    Map<String, Target> targets = new ConcurrentHashMap<>();
    Function<String, Target> target =
        t -> targets.computeIfAbsent(t, x -> target(schema, isKey, spec.generator() != null, x));
    if (topic != null) {
      try {
        target.apply(topic);
      } catch (RuntimeException e) {
        throw new KafkaLoadConfigException(what + ", topic '" + topic + "': " + e.getMessage());
      }
    }
    return new Encoded(
        content,
        (t, c) -> write(target.apply(t), c, isKey),
        timer,
        "a schema value needs its topic");
  }

  /** The checks of {@link #bind} needing no registry, for key and value before either registers. */
  public void check(SchemaValueSpec spec, boolean isKey, String requestName) {
    if (spec.serializerClass() == null) {
      String what = what(spec, isKey, requestName);
      content(spec, checked(spec, what), what);
    }
  }

  private static String what(SchemaValueSpec spec, boolean isKey, String requestName) {
    return "Send '" + requestName + "' " + (isKey ? "key" : "value") + " (" + spec.describe() + ")";
  }

  /** The spec's content; a generated one made for the schema, its sample checked. */
  private SessionValue<Object> content(SchemaValueSpec spec, RecordSchema schema, String what) {
    if (spec.generator() == null) {
      return spec.content();
    }
    try {
      return spec.generator().contentFor(schema, injector);
    } catch (KafkaLoadConfigException e) {
      throw new KafkaLoadConfigException(what + ": " + e.getMessage());
    }
  }

  private static RecordSchema checked(SchemaValueSpec spec, String what) {
    RecordSchema schema = Schemas.load(spec.format(), spec.schemaPath(), spec.messageName());
    if (spec.template() != null) {
      try {
        schema.checkTemplate(RecordSchema.templateShape(spec.template()));
      } catch (RecordSchema.Mismatch e) {
        throw new KafkaLoadConfigException(
            what + ": the template does not fit the schema: " + e.getMessage());
      }
    }
    return schema;
  }

  /** The schema and id a topic's records are written with. */
  private record Target(RecordSchema schema, int id) {}

  /** A value resolved from the session, then encoded for the topic; {@code timer} gets its ns. */
  private record Encoded(
      SessionValue<Object> content,
      BiFunction<String, Object, byte[]> write,
      LongConsumer timer,
      String needsTopic)
      implements SessionValue<byte[]>, TopicValue {
    @Override
    public byte[] encode(Session session, String topic) {
      Object c = content.resolve(session);
      long t0 = System.nanoTime();
      byte[] out = write.apply(topic, c);
      timer.accept(System.nanoTime() - t0);
      return out;
    }

    @Override
    public byte[] resolve(Session session) {
      throw new IllegalStateException(needsTopic);
    }
  }

  /**
   * The schema and id this topic's records are written with; {@code generated}: only that schema
   * can write its records.
   */
  private Target target(RecordSchema schema, boolean isKey, boolean generated, String topic) {
    String subject = settings.subject(topic, isKey, schema.recordName());
    if (settings.useLatest()) {
      RegistryClient.Registered latest = client.latest(subject);
      boolean same = latest.schema().equals(schema.text());
      if (!same && generated) {
        throw new KafkaLoadConfigException(
            ("the records are generated from the schema file, but use.latest.version found"
                    + " another schema under subject '%s' (id %s): generate from that"
                    + " schema's file")
                .formatted(subject, latest.id()));
      }
      RecordSchema used =
          same ? schema : Schemas.parse(latest.format(), latest.schema(), schema.recordName());
      return new Target(used, latest.id());
    }
    try {
      return new Target(
          schema,
          settings.autoRegister()
              ? client.register(subject, schema.format(), schema.text()).id()
              : client.lookup(subject, schema.format(), schema.text()).id());
    } catch (RegistryClient.RegistryException e) {
      if (!settings.autoRegister() && (e.errorCode == 40401 || e.errorCode == 40403)) {
        throw new RegistryClient.RegistryException(
            ("the schema is not registered under subject '%s' and auto.register.schemas=false:"
                    + " register it first, or set auto.register.schemas=true (%s)")
                .formatted(subject, e.getMessage()),
            e.status,
            e.errorCode);
      }
      throw e;
    }
  }

  private static byte[] write(Target t, Object c, boolean isKey) {
    byte[] payload;
    try {
      payload = t.schema().encode(c);
    } catch (RecordSchema.Mismatch e) {
      throw new RecordSchema.Mismatch(
          String.format(
              "the %s does not fit %s: %s",
              isKey ? "key" : "value", t.schema().recordName(), e.getMessage()));
    }
    return t.schema().format() == SchemaFormat.PROTOBUF
        ? Framing.frameProtobuf(t.id(), t.schema().messageIndexes(), payload)
        : Framing.frame(t.id(), payload);
  }

  /** Any Kafka Serializer by class name, with its configs (the registry URL added if missing). */
  private Serializer<Object> serializer(SchemaValueSpec spec, boolean isKey, String what) {
    Serializer<Object> ser;
    try {
      ser = instance(spec.serializerClass());
    } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
      throw new KafkaLoadConfigException(what + ": cannot create it: " + e);
    }
    Map<String, Object> configs = withRegistry(spec.serializerConfigs());
    try {
      ser.configure(configs, isKey);
    } catch (RuntimeException e) {
      throw new KafkaLoadConfigException(what + ": configure() failed: " + e);
    }
    return ser;
  }

  /** A new instance of the named class, cast where it is assigned (a ClassCastException there). */
  @SuppressWarnings("unchecked")
  private static <T> T instance(String className) throws ReflectiveOperationException {
    return (T) Class.forName(className).getDeclaredConstructor().newInstance();
  }

  /** A named serializer's configs, with the registry's URL and stores where it names none. */
  private Map<String, Object> withRegistry(Map<String, ?> given) {
    Map<String, Object> configs = new HashMap<>(given);
    configs.putIfAbsent(RegistrySettings.URL, settings.url());
    configs.putAll(
        settings
            .tls()
            .stores(
                !configs.containsKey(RegistryTls.TRUSTSTORE_LOCATION),
                !configs.containsKey(RegistryTls.KEYSTORE_LOCATION),
                p -> p));
    return configs;
  }

  /** A record in Confluent's wire format, decoded by its schema: id, subject, JSON. */
  public record Decoded(int schemaId, String subject, String json) {}

  /** Decodes a framed value through the registry (each id fetched once). */
  public Decoded decode(byte[] value) {
    int id = Framing.schemaId(value);
    RecordSchema schema =
        byId.computeIfAbsent(
            id,
            i -> {
              RegistryClient.Registered r = client.byId(i);
              return Schemas.parse(r.format(), r.schema(), null);
            });
    int offset = 5;
    if (schema instanceof ProtobufSchema p) {
      Framing.Framed f = Framing.read(value, true);
      schema = p.at(f.messageIndexes());
      offset = f.payloadOffset();
    }
    String subject = subjectById.computeIfAbsent(id, i -> String.join(",", client.subjectsOf(i)));
    return new Decoded(id, subject, schema.toJson(value, offset));
  }

  /**
   * What a consume or request-reply applies to each record first: the value decoded to JSON,
   * headers kept, {@link DecodeSpec#SCHEMA_ID_HEADER} and {@link DecodeSpec#SUBJECT_HEADER} added;
   * an undecodable record throws, saying why.
   */
  public UnaryOperator<ConsumerRecord<byte[], byte[]>> decoder(DecodeSpec spec, String topic) {
    Function<byte[], Decoded> decode;
    if (spec.deserializerClass() == null) {
      decode = this::decode;
    } else {
      Deserializer<?> d;
      try {
        d = instance(spec.deserializerClass());
        d.configure(withRegistry(spec.configs()), false);
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        throw new KafkaLoadConfigException(
            "deserializer " + spec.deserializerClass() + ": cannot create it: " + e);
      }
      decode =
          bytes -> {
            Object o = d.deserialize(topic, bytes);
            String json;
            try {
              json =
                  o instanceof String str
                      ? str
                      : o == null
                          ? "null"
                          : o instanceof Message m
                              ? ProtobufSchema.json(m).toString()
                              : o instanceof GenericContainer
                                  ? o.toString()
                                  : RecordSchema.JSON.writeValueAsString(o);
            } catch (JsonProcessingException e) {
              json = String.valueOf(o);
            }
            Integer id = Framing.schemaIdIfFramed(bytes);
            return new Decoded(id == null ? -1 : id, null, json);
          };
    }
    return r -> {
      if (r.value() == null) {
        return r;
      }
      Decoded d = decode.apply(r.value());
      RecordHeaders h = new RecordHeaders(r.headers().toArray());
      if (d.schemaId() >= 0) {
        h.add(
            DecodeSpec.SCHEMA_ID_HEADER,
            String.valueOf(d.schemaId()).getBytes(StandardCharsets.UTF_8));
      }
      if (d.subject() != null) {
        h.add(DecodeSpec.SUBJECT_HEADER, d.subject().getBytes(StandardCharsets.UTF_8));
      }
      byte[] json = d.json().getBytes(StandardCharsets.UTF_8);
      return new ConsumerRecord<>(
          r.topic(),
          r.partition(),
          r.offset(),
          r.timestamp(),
          r.timestampType(),
          r.serializedKeySize(),
          json.length,
          r.key(),
          json,
          h,
          r.leaderEpoch());
    };
  }
}
