import { Injectable } from '@nestjs/common';
import { type EvictionFilters, EvictionLedger } from './eviction-ledger';
import { evictionView } from './eviction-records';

/** GET /v1/evictions: scheduled, cancelled and executed evictions, newest first. */
@Injectable()
export class EvictionsService {
  constructor(private readonly ledger: EvictionLedger) {}

  async list(filters: EvictionFilters) {
    return { kind: 'EvictionList', items: (await this.ledger.list(filters)).map(evictionView) };
  }
}
