package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

/** The consumer-throughput simulation reads exactly the pre-filled records, in both assignment modes. */
class ConsumerThroughputIT {

  @Test
  void drainsExactlyTheNPrefilledRecordsBySubscribeAndByAssign() throws Exception {
    String topic = uniqueTopic("drain");
    // The second run pre-fills the same topic again: it must read only its own 3,000, not the first run's too.
    for (String mode : new String[] {"subscribe", "assign"}) {
      GatlingRun run = runGatling("simulations.ConsumerThroughputSimulation", props("kafka.bootstrap.servers",
          bootstrap(), "topic", topic, "topic.partitions", "4", "records", "3000", "recordSize", "100",
          "consumer.threads", "2", "consumer.assignment", mode), 120);
      assertEquals(0, run.exitCode(), run.tail());
      assertTrue(run.output().contains("records 3000 of 3000"), run.tail());
      assertArrayEquals(new long[] {1, 1, 0}, run.counts("consume drained"), run.tail());
    }
    assertEquals(6000, endOffsetSum(topic));
  }

  @Test
  void moreConsumersThanPartitionsIsRejectedBeforeLoad() throws Exception {
    GatlingRun run = runGatling("simulations.ConsumerThroughputSimulation", props("kafka.bootstrap.servers",
        bootstrap(), "topic", uniqueTopic("narrow"), "topic.partitions", "2", "records", "10",
        "consumer.threads", "3"), 60);
    assertNotEquals(0, run.exitCode());
    assertTrue(run.output().contains("-Dconsumer.threads=3 is more than the 2 partitions"), run.tail());
  }
}
