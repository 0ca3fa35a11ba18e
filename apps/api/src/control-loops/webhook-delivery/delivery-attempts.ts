import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { SecretBox } from '../../platform/secrets/secret-box';
import { DeliverySender } from './delivery-sender';
import { parseAllowedCidrs } from './webhook-addresses';
import { DeliveryJobs } from './delivery-jobs';
import { WebhookDeliveryStore } from './webhook-delivery-store';

/** One delivery attempt at a time per job, on the replicas that run a worker (WEBHOOK_WORKER). */
@Injectable()
export class DeliveryAttempts implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: DeliverySender;

  constructor(
    private readonly store: WebhookDeliveryStore,
    private readonly jobs: DeliveryJobs,
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
  ) {
    this.sender = new DeliverySender(parseAllowedCidrs(config.webhooks.allowedCidrs.join(',')));
  }

  async onModuleDestroy(): Promise<void> {
    await this.sender.close();
  }

  onApplicationBootstrap(): void {
    if (this.config.webhooks.worker) this.jobs.runWorker((id) => this.attempt(id));
  }

  /**
   * Sends the delivery once and records how it went. A refusal, an error or no answer in time
   * throws, for BullMQ to try again after its backoff, until the delivery's last attempt, which
   * records it failed and throws no more. A receiver may see a delivery twice (its answer lost, or
   * our record of it): X-Taintgate-Delivery tells it that it has.
   */
  async attempt(deliveryId: string): Promise<void> {
    // Counted in Postgres first, so that attempts are counted whatever Redis forgets.
    const claimed = await this.store.claimAttempt(deliveryId);
    if (!claimed) return;
    let secret: string;
    try {
      secret = this.secrets.open(claimed.secret);
    } catch (error) {
      // No attempt can sign it until the key that sealed it is given again: recorded failed now (an attempt is its last).
      const why = `the webhook's secret cannot be read: ${error instanceof Error ? error.message : String(error)}`;
      await this.store.recordFailure(deliveryId, why, null, 1);
      this.logger.error(`delivery ${deliveryId} to ${claimed.url} not sent: ${why}`);
      return;
    }
    const result = await this.sender.attempt(
      { deliveryId, event: claimed.event, url: claimed.url, secret, body: claimed.body },
      this.config.webhooks.timeoutMs,
    );
    if (result.ok) {
      await this.store.recordSuccess(deliveryId, result.status);
      return;
    }
    if (await this.store.recordFailure(deliveryId, result.error, result.status, this.config.webhooks.maxAttempts)) {
      this.logger.warn(`delivery ${deliveryId} to ${claimed.url} failed after ${claimed.attempts} attempt(s): ${result.error}`);
      return;
    }
    throw new Error(result.error);
  }
}
