package kafkaload.internal.action;

/**
 * How a consume or a request-reply recognises its record: by key, by a header, by value, or by a
 * predicate (a consume's predicate on the session and record; a request-reply's function of the
 * request and the reply).
 */
public enum MatchKind {
  KEY,
  HEADER,
  VALUE,
  PREDICATE
}
