package kafkaload;

import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.CoreDsl;
import kafkaload.internal.check.CheckExpressions;

/**
 * The earlier names of the checks on a reply, reached as {@code KafkaDsl.reply.jsonPath(..)}: each
 * is an alias of Gatling's own check (CoreDsl's, or KafkaDsl's {@code key()}, {@code header(..)},
 * {@code schemaId()}, {@code schemaSubject()}), with Gatling's whole chain. As in Gatling, {@code
 * is(..)} compares with a value as it is and {@code isEL("#{id}")} with Gatling EL. A malformed
 * JSONPath, JMESPath or regular expression is refused here, before any load.
 */
public final class ReplyCheck {
  ReplyCheck() {}

  /** CoreDsl's {@code bodyString()}: the value as UTF-8 text. */
  public CheckBuilder.Find<String> bodyString() {
    return CoreDsl.bodyString();
  }

  /** CoreDsl's {@code bodyBytes()}: the value's bytes. */
  public CheckBuilder.Find<byte[]> bodyBytes() {
    return CoreDsl.bodyBytes();
  }

  /** CoreDsl's {@code jsonPath(path)} on the value. */
  public CheckBuilder.JsonOfTypeMultipleFind jsonPath(String path) {
    return CoreDsl.jsonPath(CheckExpressions.jsonPath(path));
  }

  /** CoreDsl's {@code jmesPath(expression)} on the value. */
  public CheckBuilder.JsonOfTypeFind jmesPath(String expression) {
    return CoreDsl.jmesPath(CheckExpressions.jmesPath(expression));
  }

  /** CoreDsl's {@code substring(text)}: the indexes of the text in the value. */
  public CheckBuilder.MultipleFind<Integer> substring(String text) {
    return CoreDsl.substring(text);
  }

  /** CoreDsl's {@code regex(pattern)}: its matches in the value (the first group if it has one). */
  public CheckBuilder.CaptureGroupCheckBuilder regex(String pattern) {
    return CoreDsl.regex(CheckExpressions.regex(pattern));
  }

  /** KafkaDsl's {@code header(name)}. */
  public CheckBuilder.MultipleFind<String> header(String name) {
    return KafkaDsl.header(name);
  }

  /** KafkaDsl's {@code schemaId()}. */
  public CheckBuilder.Find<String> schemaId() {
    return KafkaDsl.schemaId();
  }

  /** KafkaDsl's {@code schemaSubject()}. */
  public CheckBuilder.Find<String> schemaSubject() {
    return KafkaDsl.schemaSubject();
  }

  /** KafkaDsl's {@code key()}. */
  public CheckBuilder.Find<String> key() {
    return KafkaDsl.key();
  }
}
