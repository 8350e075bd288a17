package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.galaxio.javaapi.KafkaDsl.kafka;

import io.gatling.javaapi.core.Simulation;
import java.util.Map;
import kafkaload.galaxio.javaapi.protocol.KafkaProtocolBuilder;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * galaxio's produce-only form to a topic that does not exist (-DmissingTopic): galaxio leaves it to
 * the broker's auto-creation, this project refuses before any load.
 */
public class GalaxioRefusedSimulation extends Simulation {
  KafkaProtocolBuilder protocol = kafka().properties(Map.of(ProducerConfig.ACKS_CONFIG, "1"));

  {
    setUp(
            scenario("galaxio missing topic")
                .exec(kafka("missing").topic(System.getProperty("missingTopic")).send("foo"))
                .injectOpen(atOnceUsers(1)))
        .protocols(protocol);
  }
}
