package kafkaload.internal.action;

/** How a consume or request-reply recognises its record: by key, header, value or predicate. */
public enum MatchKind {
  KEY,
  HEADER,
  VALUE,
  PREDICATE
}
