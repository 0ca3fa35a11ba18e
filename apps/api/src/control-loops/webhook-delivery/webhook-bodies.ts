import { createHmac } from 'node:crypto';
import { taintToString } from '@taintgate/domain';
import type { ImportTallies, ToldEvent, WebhookFormat } from './webhook-events';

/**
 * The body of a delivery, exactly as it is sent and signed. `json`: the delivery's id, the event's
 * name, cluster and time, then what it is about (pod, node, taint, eviction, import, actor).
 * `slack`: Slack's incoming-webhook message, `{"text": "<Markdown>"}`.
 */
export function deliveryBody(deliveryId: string, told: ToldEvent, format: WebhookFormat): string {
  if (format === 'slack') return JSON.stringify({ text: markdownOf(told) });
  const { origin: _origin, event, cluster, at, ...about } = told;
  return JSON.stringify({ id: deliveryId, event, cluster, at, ...about });
}

/**
 * The X-Taintgate-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed
 * with the webhook's secret. The time is signed with the body, so a receiver that refuses a
 * signature older than its tolerance (docs/webhooks.md: 5 minutes) cannot be sent a recorded
 * delivery again later.
 */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const t = String(Math.floor(unixSeconds));
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

/** A Markdown code span of any text (a backtick inside takes a longer fence). */
function code(text: string): string {
  if (!text.includes('`')) return `\`${text}\``;
  return `\`\` ${text} \`\``;
}

/** One Markdown line saying what happened, e.g. "`prod`: pod `default/web-1` evicted from node `n1` (taint `dedicated=gpu:NoExecute`)". */
export function markdownOf(told: ToldEvent): string {
  const where = `${code(told.cluster)}:`;
  const pod = told.pod ? `pod ${code(`${told.pod.namespace}/${told.pod.name}`)}` : 'a pod';
  const node = told.node ?? told.eviction?.node;
  const onNode = node ? ` node ${code(node)}` : ' its node';
  const taint = told.taint ?? told.eviction?.taint;
  const byTaint = taint ? ` (taint ${code(taintToString(taint))})` : '';
  const by = told.actor && told.actor !== 'system' ? ` by ${code(told.actor)}` : '';
  switch (told.event) {
    case 'EvictionScheduled': {
      const when = told.eviction ? ` at ${told.eviction.scheduledFor}` : '';
      return `${where} ${pod} on${onNode} will be evicted${when}${byTaint}`;
    }
    case 'EvictionPredicted': {
      const when = told.eviction ? ` at ${told.eviction.scheduledFor}` : '';
      return `${where} ${pod} on${onNode} is predicted to be evicted by its cluster${when}${byTaint}`;
    }
    case 'EvictionExecuted':
      if (told.eviction?.reason === 'DeletedAtSource') return `${where} ${pod} evicted from${onNode} by its cluster, as predicted${byTaint}`;
      return `${where} ${pod} evicted from${onNode}${byTaint}`;
    case 'EvictionCancelled':
      return `${where} eviction of ${pod} from${onNode} cancelled${byTaint}`;
    case 'TaintAdded':
      return `${where} taint ${taint ? code(taintToString(taint)) : ''} added to${onNode}${by}`;
    case 'TaintRemoved':
      return `${where} taint ${taint ? code(taintToString(taint)) : ''} removed from${onNode}${by}`;
    case 'ImportFinished':
      return `${where} import finished${told.import ? `: ${importSummary(told.import)}` : ''}${by}`;
  }
}

/** "nodes 3 created, 1 updated, 0 unchanged, 0 deleted; pods ...; 0 rejected". */
function importSummary(tallies: ImportTallies): string {
  const kind = (name: string, t: Record<string, number>) =>
    `${name} ${['created', 'updated', 'unchanged', 'deleted'].map((k) => `${t[k] ?? 0} ${k}`).join(', ')}`;
  return `${kind('nodes', tallies.nodes)}; ${kind('pods', tallies.pods)}; ${tallies.rejected} rejected`;
}
