package kafkaload.internal.metrics;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.run.DeliveryLedger;

/**
 * Where the scraped figures come from, read at each scrape; nothing is copied in between.
 *
 * @param delivery each started protocol's record counts
 * @param producers the producers open now
 * @param health the injector's latest health sample; null before the first
 * @param groupLag the groups under test: their latest total lag, by group
 * @param phase warm-up, measured, verification or ended
 */
@RecordBuilder
public record MetricSources(
    Supplier<List<DeliveryLedger.Snapshot>> delivery,
    Supplier<List<ProducerHandle>> producers,
    Supplier<InjectorSample> health,
    Supplier<Map<String, Long>> groupLag,
    Supplier<String> phase)
    implements MetricSourcesBuilder.With {}
