package kafkaload.internal.run;

/**
 * A fault as it happened, for the console, kafka-summary.json and the Kafka page.
 *
 * @param atSeconds when it was done, in seconds after the start of the load
 * @param step the planned step, for example "kill:2@30s"
 * @param request its Gatling request name, for example "fault: kill broker 2"
 * @param ok whether it was done as planned
 * @param detail what happened: the pid killed, the time the broker took to come back, or why it
 *     failed
 * @param durationMs how long the action took (a restart: until the broker was registered again)
 * @param broker the broker it was done to (1..N)
 * @param healedAtSeconds a fault with a duration (a pause, an isolation, a slow link): when it was
 *     undone, in seconds after the start of the load; null for a kill, stop or start
 */
public record FaultEvent(
    double atSeconds,
    String step,
    String request,
    boolean ok,
    String detail,
    long durationMs,
    int broker,
    Double healedAtSeconds) {}
