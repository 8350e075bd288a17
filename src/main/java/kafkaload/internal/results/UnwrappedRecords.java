package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.type.TypeFactory;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Reads a record that keeps groups of its JSON fields in {@code @JsonUnwrapped} components (a small
 * record written flat beside the others). Jackson writes such a record as wanted, but reads it
 * leniently (an unknown field is no longer refused) and not at all beside a {@code @JsonAnySetter}
 * component. So these records are read here: each component from its field (a group's from its own
 * fields of the same object), every other field into the any-setter component, or refused.
 */
final class UnwrappedRecords extends BeanDeserializerModifier {

  @Override
  public JsonDeserializer<?> modifyDeserializer(
      DeserializationConfig config, BeanDescription bean, JsonDeserializer<?> deserializer) {
    Class<?> type = bean.getBeanClass();
    boolean grouped =
        type.isRecord()
            && Arrays.stream(type.getRecordComponents())
                .anyMatch(c -> marked(c, JsonUnwrapped.class));
    return grouped ? new Reader(bean.getType()) : deserializer;
  }

  /** A component's annotation, on its accessor (where Jackson's land) or on itself; else null. */
  private static <A extends Annotation> A annotation(RecordComponent c, Class<A> a) {
    A onAccessor = c.getAccessor().getAnnotation(a);
    return onAccessor != null ? onAccessor : c.getAnnotation(a);
  }

  private static boolean marked(RecordComponent c, Class<? extends Annotation> a) {
    return annotation(c, a) != null;
  }

  private static String name(RecordComponent c) {
    JsonProperty renamed = annotation(c, JsonProperty.class);
    return renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName();
  }

  /** The names a group's fields take in its parent: its prefix and suffix, inside the parent's. */
  private static UnaryOperator<String> within(RecordComponent c, UnaryOperator<String> outer) {
    JsonUnwrapped u = annotation(c, JsonUnwrapped.class);
    return n -> outer.apply(u.prefix() + n + u.suffix());
  }

  /** A component's type with its record's type parameters bound (a generic group's). */
  private static JavaType typeOf(RecordComponent c, JavaType owner, TypeFactory types) {
    return types.resolveMemberType(c.getGenericType(), owner.getBindings());
  }

  private static final class Reader extends StdDeserializer<Object> {
    private final JavaType type;

    Reader(JavaType type) {
      super(type);
      this.type = type;
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonNode json = ctxt.readTree(p);
      if (!json.isObject()) {
        return ctxt.handleUnexpectedToken(handledType(), p);
      }
      Set<String> known = new TreeSet<>();
      TypeFactory types = ctxt.getTypeFactory();
      boolean open = names(type, UnaryOperator.identity(), known, types);
      if (!open) {
        for (String field : (Iterable<String>) json::fieldNames) {
          if (!known.contains(field)) {
            throw UnrecognizedPropertyException.from(
                p, handledType(), field, new ArrayList<>(known));
          }
        }
      }
      return build(type, UnaryOperator.identity(), json, known, ctxt);
    }

    /** Adds {@code type}'s field names to {@code known}; true when it takes any other field. */
    private static boolean names(
        JavaType type, UnaryOperator<String> named, Set<String> known, TypeFactory types) {
      boolean open = false;
      for (RecordComponent c : type.getRawClass().getRecordComponents()) {
        if (marked(c, JsonUnwrapped.class)) {
          open |= names(typeOf(c, type, types), within(c, named), known, types);
        } else if (marked(c, JsonAnySetter.class)) {
          open = true;
        } else {
          known.add(named.apply(name(c)));
        }
      }
      return open;
    }

    private static Object build(
        JavaType type,
        UnaryOperator<String> named,
        JsonNode json,
        Set<String> known,
        DeserializationContext ctxt)
        throws IOException {
      Class<?> raw = type.getRawClass();
      RecordComponent[] components = raw.getRecordComponents();
      Object[] values = new Object[components.length];
      for (int i = 0; i < components.length; i++) {
        RecordComponent c = components[i];
        JavaType ct = typeOf(c, type, ctxt.getTypeFactory());
        if (marked(c, JsonUnwrapped.class)) {
          values[i] = build(ct, within(c, named), json, known, ctxt);
        } else if (marked(c, JsonAnySetter.class)) {
          Map<String, Object> others = new LinkedHashMap<>();
          for (Map.Entry<String, JsonNode> e : json.properties()) {
            if (!known.contains(e.getKey())) {
              others.put(e.getKey(), ctxt.readTreeAsValue(e.getValue(), Object.class));
            }
          }
          values[i] = others;
        } else {
          // An absent field reads as a null one: null, NaN, or refused for another primitive.
          JsonNode field = json.get(named.apply(name(c)));
          values[i] = ctxt.readTreeAsValue(field == null ? NullNode.getInstance() : field, ct);
        }
      }
      try {
        var canonical =
            raw.getDeclaredConstructor(
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        canonical.setAccessible(true);
        return canonical.newInstance(values);
      } catch (InvocationTargetException e) {
        throw problem(ctxt, raw, e.getCause());
      } catch (ReflectiveOperationException e) {
        throw problem(ctxt, raw, e);
      }
    }

    private static JsonMappingException problem(
        DeserializationContext ctxt, Class<?> type, Throwable cause) {
      return JsonMappingException.from(
          ctxt,
          "Cannot construct instance of `" + type.getName() + "`, problem: " + cause.getMessage(),
          cause);
    }
  }
}
