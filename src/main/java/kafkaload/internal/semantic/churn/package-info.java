/**
 * Consumer churn under load, the classic group protocol against KIP-848 ({@code docs/churn.md},
 * issue 47): the churn plan and its refusals ({@link kafkaload.internal.semantic.churn.ChurnPlan}),
 * the protocols compared and their consumer properties ({@link
 * kafkaload.internal.semantic.churn.ChurnProtocol}), and a consumer in a process of its own that
 * reports its group events on its standard output ({@link
 * kafkaload.internal.semantic.churn.ChurnConsumer}), so that a crash is a real one, and what an
 * event cost, from those events ({@link kafkaload.internal.semantic.churn.ChurnCost}). Not yet
 * wired into a run: nothing registers it in {@code META-INF/services}. Uses the layers below it,
 * never another semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.churn;
