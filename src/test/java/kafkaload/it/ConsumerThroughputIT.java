package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * The consumer-throughput simulation reads exactly the pre-filled records, in both assignment
 * modes.
 */
class ConsumerThroughputIT {

  @Test
  void drainsExactlyTheNPrefilledRecordsBySubscribeAndByAssign() throws Exception {
    String topic = uniqueTopic("drain");
    // The second run pre-fills the same topic again: it must read only its own 3,000, not the first
    // run's too.
    for (String mode : new String[] {"subscribe", "assign"}) {
      GatlingRun run =
          runGatling(
              "simulations.ConsumerThroughputSimulation",
              props(
                  "kafka.bootstrap.servers",
                  bootstrap(),
                  "topic",
                  topic,
                  "topic.partitions",
                  "4",
                  "records",
                  "3000",
                  "recordSize",
                  "100",
                  "consumer.threads",
                  "2",
                  "consumer.assignment",
                  mode),
              120);
      assertEquals(0, run.exitCode(), run.tail());
      assertTrue(run.output().contains("records 3000 of 3000"), run.tail());
      assertArrayEquals(new long[] {1, 1, 0}, run.counts("consume drained"), run.tail());
      var figures = summaryJson(run).get("protocols").get(0).get("consumerThroughput");
      assertEquals(3000, figures.get("records").asLong(), figures.toString());
      if (mode.equals("subscribe")) {
        // Joining the group takes the coordinator's round trips and the initial rebalance delay:
        // never 0.
        assertTrue(figures.get("groupJoinSeconds").asDouble() > 0, figures.toString());
        assertTrue(run.output().contains("group join took "), run.tail());
        assertTrue(run.output().contains("rebalances after the first: "), run.tail());
      } else {
        assertTrue(figures.get("groupJoinSeconds").isNull(), figures.toString());
      }
    }
    assertEquals(6000, endOffsetSum(topic));
  }

  @Test
  void moreConsumersThanPartitionsIsRejectedBeforeThePrefill() throws Exception {
    String topic = uniqueTopic("narrow");
    GatlingRun run =
        runGatling(
            "simulations.ConsumerThroughputSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "topic.partitions",
                "2",
                "records",
                "10",
                "consumer.threads",
                "3"),
            60);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output()
            .contains("[kafkaload] ERROR: -Dconsumer.threads=3 is more than the 2 partitions"),
        run.tail());
    // Checked before anything is created: the topic was neither created nor pre-filled.
    try (Admin admin = admin()) {
      assertFalse(
          admin.listTopics().names().get().contains(topic), "nothing created, nothing pre-filled");
    }
  }
}
