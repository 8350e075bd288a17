package kafkaload;

import kafkaload.internal.check.RecordCheck;

/**
 * A check on a reply, in the manner of Gatling's HTTP checks: an extraction ({@code
 * reply.bodyString()}, {@code bodyBytes()}, {@code jsonPath(..)}, {@code jmesPath(..)}, {@code
 * substring(..)}, {@code regex(..)}, {@code header(..)}, {@code key()}), then by default "exists",
 * or {@code is(expected)}, and optionally {@code saveAs(name)} into the session. Immutable; a check
 * that fails or throws makes the request a KO with its reason, never a stranded user.
 */
public final class ReplyCheck {
  private final RecordCheck check;

  private ReplyCheck(RecordCheck check) {
    this.check = check;
  }

  /**
   * The extracted value must equal this (compared as text, Gatling EL resolved; byte[] by content).
   */
  public ReplyCheck is(Object value) {
    return new ReplyCheck(check.is(value));
  }

  /** Saves the extracted value in the session under this name. */
  public ReplyCheck saveAs(String name) {
    return new ReplyCheck(check.saveAs(name));
  }

  RecordCheck check() {
    return check;
  }

  /** The check factories, reached as {@code KafkaDsl.reply.jsonPath(..)}. */
  public static final class Factory {
    Factory() {}

    /** The value as UTF-8 text. */
    public ReplyCheck bodyString() {
      return new ReplyCheck(RecordCheck.bodyString());
    }

    /** The value's bytes. */
    public ReplyCheck bodyBytes() {
      return new ReplyCheck(RecordCheck.bodyBytes());
    }

    /**
     * The first match of a JSONPath expression in the value (Gatling's own JSONPath
     * implementation).
     */
    public ReplyCheck jsonPath(String path) {
      return new ReplyCheck(RecordCheck.jsonPath(path));
    }

    /** The result of a JMESPath expression on the value. */
    public ReplyCheck jmesPath(String expression) {
      return new ReplyCheck(RecordCheck.jmesPath(expression));
    }

    /** Whether the value holds this text. */
    public ReplyCheck substring(String text) {
      return new ReplyCheck(RecordCheck.substring(text));
    }

    /** The first group (or the whole match) of a regular expression in the value. */
    public ReplyCheck regex(String regex) {
      return new ReplyCheck(RecordCheck.regex(regex));
    }

    /** The value of a header of the reply, as UTF-8 text. */
    public ReplyCheck header(String name) {
      return new ReplyCheck(RecordCheck.header(name));
    }

    /** The id of the schema the reply was written with (Confluent's wire format), as text. */
    public ReplyCheck schemaId() {
      return new ReplyCheck(RecordCheck.schemaId());
    }

    /** The registry subject(s) of the reply's schema, comma-separated; needs {@code .decoded()}. */
    public ReplyCheck schemaSubject() {
      return new ReplyCheck(RecordCheck.schemaSubject());
    }

    /** The reply's key, as UTF-8 text. */
    public ReplyCheck key() {
      return new ReplyCheck(RecordCheck.key());
    }
  }
}
