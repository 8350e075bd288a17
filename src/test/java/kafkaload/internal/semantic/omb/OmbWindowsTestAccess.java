package kafkaload.internal.semantic.omb;

import java.util.List;
import java.util.Set;

/** OmbWindowsTest's list of OMB's fields, for the test that reads OMB's own TestResult.java. */
public final class OmbWindowsTestAccess {
  private OmbWindowsTestAccess() {}

  public static List<String> ombFields() {
    return OmbWindowsTest.OMB_FIELDS;
  }

  public static Set<String> declared(String source) {
    return OmbWindowsTest.declared(source);
  }
}
