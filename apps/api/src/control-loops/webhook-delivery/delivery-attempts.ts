import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { PrismaService } from '../../platform/database/prisma.service';
import { attemptDelivery } from './delivery-sender';
import { DeliveryJobs } from './delivery-jobs';

/**
 * Takes an attempt of a pending delivery: counts it in Postgres first (so that attempts are counted
 * whatever Redis forgets), with what it sends. None when the delivery is done or its webhook gone.
 */
const CLAIM = `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, updated_at = now()
  FROM webhooks h
  WHERE d.id = $1::uuid AND d.status = 'pending' AND h.id = d.webhook_id
  RETURNING d.attempts, d.body, d.event, h.url, h.secret`;

/** A failed attempt's delivery: failed for good once it has had every attempt. */
const RECORD_FAILURE = `UPDATE webhook_deliveries SET last_error = $2, response_status = $3, updated_at = now(),
    status = CASE WHEN attempts >= $4 THEN 'failed'::"DeliveryStatus" ELSE status END
  WHERE id = $1::uuid AND status = 'pending'
  RETURNING status::text`;

const RECORD_SUCCESS = `UPDATE webhook_deliveries SET status = 'succeeded', response_status = $2, delivered_at = now(), updated_at = now()
  WHERE id = $1::uuid`;

/** One delivery attempt at a time per job, on the replicas that run a worker (WEBHOOK_WORKER). */
@Injectable()
export class DeliveryAttempts implements OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly prisma: PrismaService,
    private readonly jobs: DeliveryJobs,
    private readonly config: AppConfig,
  ) {}

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
    const [claimed] = await this.prisma.rows<{ attempts: number; body: string; event: string; url: string; secret: string }>(CLAIM, [deliveryId]);
    if (!claimed) return;
    const result = await attemptDelivery(
      { deliveryId, event: claimed.event, url: claimed.url, secret: claimed.secret, body: claimed.body },
      this.config.webhooks.timeoutMs,
    );
    if (result.ok) {
      await this.prisma.rows(RECORD_SUCCESS, [deliveryId, result.status]);
      return;
    }
    const [recorded] = await this.prisma.rows<{ status: string }>(RECORD_FAILURE, [deliveryId, result.error, result.status, this.config.webhooks.maxAttempts]);
    if (recorded?.status === 'failed') {
      this.logger.warn(`delivery ${deliveryId} to ${claimed.url} failed after ${claimed.attempts} attempt(s): ${result.error}`);
      return;
    }
    throw new Error(result.error);
  }
}
