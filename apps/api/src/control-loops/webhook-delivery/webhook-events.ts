import type { Taint } from '@taintgate/domain';

/** What a webhook may be told of, by the names it registers for. */
export const WEBHOOK_EVENTS = [
  'EvictionScheduled',
  'EvictionExecuted',
  'EvictionCancelled',
  'EvictionPredicted',
  'TaintAdded',
  'TaintRemoved',
  'ImportFinished',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: unknown): value is WebhookEventName => (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** The events read from the events table (the taint eviction controller's); the rest come from the webhook outbox. */
export const EVICTION_EVENTS: readonly WebhookEventName[] = ['EvictionScheduled', 'EvictionExecuted', 'EvictionCancelled', 'EvictionPredicted'];

export const WEBHOOK_FORMATS = ['json', 'slack'] as const;

export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** An eviction as GET /v1/evictions shows it. */
export interface EvictionData {
  id: string;
  pod: { namespace: string; name: string; uid: string };
  node: string;
  taint: Taint;
  status: string;
  startedAt: string;
  scheduledFor: string;
  tolerationSeconds: number | string | null;
  firedAt: string | null;
  cancelledAt: string | null;
  reason: string | null;
}

/** An import's tallies, as its answer counts them. */
export interface ImportTallies {
  nodes: Record<string, number>;
  pods: Record<string, number>;
  rejected: number;
}

/** A stored event as webhooks are told it: what happened in which cluster, when, and to what. */
export interface ToldEvent {
  /** Where it is stored, `events/<id>` or `outbox_events/<id>`: one delivery per webhook and origin. */
  origin: string;
  event: WebhookEventName;
  cluster: string;
  /** RFC 3339, when the write that did it decided. */
  at: string;
  pod?: { namespace: string; name: string; uid?: string };
  node?: string;
  taint?: Taint;
  eviction?: EvictionData;
  import?: ImportTallies;
  /** Who did it: `apikey:<name>`, `anyone` (authentication off) or `system`. */
  actor?: string;
  /** The Kubernetes event's message, for the eviction events. */
  message?: string;
}
