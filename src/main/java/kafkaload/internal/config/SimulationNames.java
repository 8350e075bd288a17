package kafkaload.internal.config;

import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The simulation classes that built a Kafka protocol, and the string constants they hold: a -D name
 * a simulation names itself ({@code System.getProperty("replyTopic")}, as galaxio's simulations
 * read theirs) is its own property, never taken for a misspelled knob. JVM-wide: Gatling runs one
 * simulation per JVM (a test JVM that hosts many runs holds only their simulations' classes), and
 * this holds class references only, no run's data.
 */
public final class SimulationNames {
  private static final Set<Class<?>> SIMULATIONS = ConcurrentHashMap.newKeySet();
  private static final StackWalker WALKER =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  private SimulationNames() {}

  /**
   * Records the classes between the library and the Gatling simulation whose constructor is
   * building a protocol (the simulation, and a helper of it that holds its names). Nothing when no
   * simulation is on the stack: a test or a tool building a protocol is not a simulation, and its
   * constants must not excuse a misspelled knob in a later run of the same JVM (a test JVM hosts
   * many runs).
   */
  public static void recordCaller() {
    CodeSource library = SimulationNames.class.getProtectionDomain().getCodeSource();
    List<Class<?>> callers =
        WALKER.walk(
            frames ->
                frames
                    .map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(c -> !Objects.equals(codeSource(c), library))
                    .filter(c -> !isPlatform(c.getName()))
                    .distinct()
                    .toList());
    for (int i = 0; i < callers.size(); i++) {
      if (Simulation.class.isAssignableFrom(callers.get(i))) {
        SIMULATIONS.addAll(callers.subList(0, i + 1));
        return;
      }
    }
  }

  /** Whether a recorded simulation class (or one nested in it) holds {@code name} as a constant. */
  static boolean named(String name) {
    // ISO-8859-1 maps each byte to one char: a byte search as a string search.
    String constant = new String(utf8Constant(name), StandardCharsets.ISO_8859_1);
    return SIMULATIONS.stream()
        .flatMap(c -> classFiles(c).stream())
        .anyMatch(bytes -> new String(bytes, StandardCharsets.ISO_8859_1).contains(constant));
  }

  private static boolean isPlatform(String name) {
    return Stream.of("java.", "jdk.", "sun.", "scala.", "io.gatling.").anyMatch(name::startsWith);
  }

  private static CodeSource codeSource(Class<?> c) {
    return c.getProtectionDomain() == null ? null : c.getProtectionDomain().getCodeSource();
  }

  /** A class file's CONSTANT_Utf8 entry for an ASCII name: tag 1, a two-byte length, the bytes. */
  private static byte[] utf8Constant(String name) {
    byte[] text = name.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(text.length + 3)
        .put((byte) 1)
        .putShort((short) text.length)
        .put(text)
        .array();
  }

  /** The class's own file, its member classes' and its anonymous classes' ($1, $2, ...). */
  private static List<byte[]> classFiles(Class<?> c) {
    List<byte[]> files = new ArrayList<>();
    addClassFile(c, c.getName(), files);
    for (Class<?> member : c.getDeclaredClasses()) {
      addClassFile(member, member.getName(), files);
    }
    for (int i = 1; addClassFile(c, c.getName() + "$" + i, files); i++) {
      // the anonymous classes, numbered from 1 by javac
    }
    return files;
  }

  private static boolean addClassFile(Class<?> anchor, String className, List<byte[]> files) {
    String resource = "/" + className.replace('.', '/') + ".class";
    try (InputStream in = anchor.getResourceAsStream(resource)) {
      if (in == null) {
        return false;
      }
      files.add(in.readAllBytes());
      return true;
    } catch (IOException unreadable) {
      return false;
    }
  }
}
