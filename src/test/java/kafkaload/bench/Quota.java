package kafkaload.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;

/**
 * A broker-side regression for bench/gate.sh: sets (or, with 0, removes) the default producer
 * byte-rate quota of every client id through the AdminClient, so the broker throttles the load.
 *
 * <p>{@code java -cp <cp> kafkaload.bench.Quota <bootstrap> <bytes per second, 0: none>}
 */
public final class Quota {
  private Quota() {}

  public static void main(String[] args) throws Exception {
    double rate = Double.parseDouble(args[1]);
    Map<String, String> defaultClient = new HashMap<>();
    defaultClient.put(ClientQuotaEntity.CLIENT_ID, null); // null: the default entity
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", args[0]))) {
      admin
          .alterClientQuotas(
              List.of(
                  new ClientQuotaAlteration(
                      new ClientQuotaEntity(defaultClient),
                      List.of(
                          new ClientQuotaAlteration.Op(
                              "producer_byte_rate", rate > 0 ? rate : null)))))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
    // Brokers apply quota changes from metadata asynchronously: give it a moment.
    Thread.sleep(2000);
    System.out.println(
        rate > 0 ? "producer_byte_rate=" + (long) rate : "producer_byte_rate removed");
  }
}
