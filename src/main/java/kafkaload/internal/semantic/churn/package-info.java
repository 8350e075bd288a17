/**
 * Consumer churn under load, the classic group protocol against KIP-848 ({@code docs/churn.md},
 * issue 47): the churn plan and its refusals ({@link kafkaload.internal.semantic.churn.ChurnPlan}),
 * the protocols compared and their consumer properties ({@link
 * kafkaload.internal.semantic.churn.ChurnProtocol}), and a consumer in a process of its own that
 * reports its group events on its standard output ({@link
 * kafkaload.internal.semantic.churn.ChurnConsumer}), so that a crash is a real one, and what an
 * event cost, from those events ({@link kafkaload.internal.semantic.churn.ChurnCost}). In a run
 * ({@code churn(name)} in the DSL): one round per protocol in turn ({@code ChurnAction}, {@code
 * ChurnRound}), its section of the results ({@link
 * kafkaload.internal.semantic.churn.ChurnFigures}), registered as {@link
 * kafkaload.internal.semantic.churn.ChurnSemantic}. Uses the layers below it, never another
 * semantic. Internal: not part of the public API; may change without notice.
 */
package kafkaload.internal.semantic.churn;
