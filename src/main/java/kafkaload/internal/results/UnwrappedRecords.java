package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.NullNode;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
    return grouped ? new Reader(type) : deserializer;
  }

  private static boolean marked(
      RecordComponent c, Class<? extends java.lang.annotation.Annotation> a) {
    return c.getAccessor().isAnnotationPresent(a) || c.isAnnotationPresent(a);
  }

  private static String name(RecordComponent c) {
    JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
    return renamed != null && !renamed.value().isEmpty() ? renamed.value() : c.getName();
  }

  private static final class Reader extends StdDeserializer<Object> {
    Reader(Class<?> type) {
      super(type);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonNode json = ctxt.readTree(p);
      if (!json.isObject()) {
        return ctxt.handleUnexpectedToken(handledType(), p);
      }
      Set<String> known = new TreeSet<>();
      boolean open = names(handledType(), known);
      if (!open) {
        for (String field : (Iterable<String>) json::fieldNames) {
          if (!known.contains(field)) {
            throw UnrecognizedPropertyException.from(
                p, handledType(), field, new ArrayList<>(known));
          }
        }
      }
      return build(handledType(), json, known, ctxt);
    }

    /** Adds {@code type}'s field names to {@code known}; true when it takes any other field. */
    private static boolean names(Class<?> type, Set<String> known) {
      boolean open = false;
      for (RecordComponent c : type.getRecordComponents()) {
        if (marked(c, JsonUnwrapped.class)) {
          open |= names(c.getType(), known);
        } else if (marked(c, JsonAnySetter.class)) {
          open = true;
        } else {
          known.add(name(c));
        }
      }
      return open;
    }

    private static Object build(
        Class<?> type, JsonNode json, Set<String> known, DeserializationContext ctxt)
        throws IOException {
      RecordComponent[] components = type.getRecordComponents();
      Object[] values = new Object[components.length];
      for (int i = 0; i < components.length; i++) {
        RecordComponent c = components[i];
        if (marked(c, JsonUnwrapped.class)) {
          values[i] = build(c.getType(), json, known, ctxt);
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
          JsonNode field = json.get(name(c));
          values[i] =
              ctxt.readTreeAsValue(
                  field == null ? NullNode.getInstance() : field,
                  ctxt.getTypeFactory().constructType(c.getGenericType()));
        }
      }
      try {
        var canonical =
            type.getDeclaredConstructor(
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        canonical.setAccessible(true);
        return canonical.newInstance(values);
      } catch (InvocationTargetException e) {
        throw problem(ctxt, type, e.getCause());
      } catch (ReflectiveOperationException e) {
        throw problem(ctxt, type, e);
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
