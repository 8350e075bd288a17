package kafkaload.bench;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * bench helper: CreateTopic bootstrap topic partitions (ProducerPerformance would otherwise need
 * auto-create).
 */
public final class CreateTopic {
  public static void main(String[] args) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", args[0]))) {
      admin
          .createTopics(List.of(new NewTopic(args[1], Integer.parseInt(args[2]), (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
  }
}
