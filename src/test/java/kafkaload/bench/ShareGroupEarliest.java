package kafkaload.bench;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

/**
 * bench helper: ShareGroupEarliest bootstrap group. Sets the share group's share.auto.offset.reset
 * to earliest before its consumers join: kafka-share-consumer-perf-test does not, and a share group
 * starts at the latest offset by default, so it would read nothing of a pre-filled topic.
 */
public final class ShareGroupEarliest {
  public static void main(String[] args) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", args[0]))) {
      ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, args[1]);
      AlterConfigOp earliest =
          new AlterConfigOp(
              new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET);
      admin
          .incrementalAlterConfigs(Map.of(group, List.of(earliest)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
  }
}
