package kafkaload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The public packages show users no internal type: no public or protected member of a public class
 * of {@code kafkaload}, {@code kafkaload.kit}, {@code kafkaload.echo} or {@code
 * kafkaload.distributed} names a {@code kafkaload.internal} type in its signature (return type,
 * parameter types, declared exceptions, field type, a record's components, type arguments and
 * bounds included), nor does a public class extend or implement one. Internal types are free to
 * change; a signature that names one would make every change to it a change of the public API.
 */
class PublicApiTest {
  private static final List<String> PUBLIC_PACKAGES =
      List.of(
          "kafkaload",
          "kafkaload.kit",
          "kafkaload.echo",
          "kafkaload.distributed",
          "kafkaload.galaxio.javaapi",
          "kafkaload.galaxio.javaapi.protocol",
          "kafkaload.galaxio.javaapi.checks",
          "kafkaload.galaxio.javaapi.request.builder",
          "kafkaload.galaxio.javaapi.request.expressions",
          "kafkaload.galaxio.request");

  private static final JavaClasses MAIN =
      new ClassFileImporter().importPath(Paths.get("target/classes/kafkaload"));

  @Test
  void noPublicSignatureNamesAnInternalType() {
    List<JavaClass> api =
        MAIN.stream()
            .filter(c -> PUBLIC_PACKAGES.contains(c.getPackageName()))
            .filter(PublicApiTest::visible)
            .toList();
    assertTrue(api.size() > 20, "the public classes were not found: " + api.size());
    Set<String> leaks = new TreeSet<>();
    for (JavaClass c : api) {
      List<JavaType> supertypes = new ArrayList<>(c.getInterfaces());
      c.getSuperclass().ifPresent(supertypes::add);
      for (JavaType t : supertypes) {
        internal(t.getAllInvolvedRawTypes())
            .forEach(i -> leaks.add(c.getName() + " extends or implements " + i));
      }
      for (JavaCodeUnit m : c.getCodeUnits()) {
        if (exposed(m.getModifiers()) && !m.getName().startsWith("lambda$")) {
          Set<JavaClass> named = new java.util.HashSet<>(m.getAllInvolvedRawTypes());
          named.addAll(m.getExceptionTypes());
          internal(named).forEach(i -> leaks.add(m.getFullName() + " names " + i));
        }
      }
      for (JavaField f : c.getFields()) {
        if (exposed(f.getModifiers())) {
          internal(f.getType().getAllInvolvedRawTypes())
              .forEach(i -> leaks.add(f.getFullName() + " is of " + i));
        }
      }
    }
    assertTrue(
        leaks.isEmpty(),
        "public signatures of the public packages that name internal types (return a public type"
            + " of the package, or make the member package-private):\n"
            + String.join("\n", leaks));
  }

  /** Public, and so are the classes around it: a user can name it. */
  private static boolean visible(JavaClass c) {
    for (JavaClass k = c; k != null; k = k.getEnclosingClass().orElse(null)) {
      if (!k.getModifiers().contains(JavaModifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }

  private static boolean exposed(Set<JavaModifier> modifiers) {
    return (modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED))
        && !modifiers.contains(JavaModifier.SYNTHETIC)
        && !modifiers.contains(JavaModifier.BRIDGE);
  }

  private static List<String> internal(Collection<JavaClass> types) {
    return types.stream()
        .map(t -> t.isArray() ? t.getBaseComponentType() : t)
        .map(JavaClass::getName)
        .filter(n -> n.startsWith("kafkaload.internal."))
        .distinct()
        .toList();
  }
}
