import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS } from '../apps/api/src/platform/config/load-config';
import { deleteRedisKeys, uniqueRedisPrefix } from './support/redis-prefix';
import { ServiceProcess } from './support/service-process';
import { type TourRun, runTour, tourSteps } from './support/shell-tour';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from './support/test-database';

// The README's tour, run as written: its bash blocks, in order, in one bash process, against the
// service started once with the settings the Quick start makes (a port, a database, a Redis
// prefix and an admin token of this test's own, in the ~/taintgate.env the tour sources).

const ROOT = path.resolve(__dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const ADMIN_TOKEN = 'readme-tour-admin-token-0123456789abcdef';

/** The tour's steps, in the README's order: a step added there needs its check here. */
const STEPS = ['connect', 'import', 'where', 'where-if', 'impact', 'drain', 'sweep', 'taint', 'evictions', 'receiver', 'webhook', 'mirror'];

/** The fenced blocks of the README's section `heading` (its text up to the next `## `). */
function blocksOf(heading: string): string[] {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

describe('the Quick start', () => {
  it('installs and starts with `npm ci && npm start`, tests with `npm ci && npm test`, as CI does', () => {
    const commands = blocksOf('Quick start').join('\n');
    expect(commands).toMatch(/^source ~\/taintgate\.env && npm ci && npm start\b/m);
    expect(commands).toMatch(/^npm ci && npm test\b/m);
    const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci && .*npm test$/m);
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toMatch(/^npm run build && /);
  });

  it('sets only settings the service reads', () => {
    const exported = [
      ...blocksOf('Quick start')
        .join('\n')
        .matchAll(/^export (\w+)=/gm),
    ].map((match) => match[1]!);
    expect(exported).toEqual(['PORT', 'DATABASE_URL', 'REDIS_PREFIX', 'TAINTGATE_ADMIN_TOKEN', 'TAINTGATE_SECRETS_KEY', 'TAINTGATE_WEBHOOK_ALLOWED_CIDRS']);
    for (const name of exported) expect(Object.keys(CONFIG_DEFAULTS)).toContain(name);
  });
});

describe('the ten-minute tour, run as written', () => {
  const databaseName = uniqueDatabaseName();
  const redisPrefix = uniqueRedisPrefix();
  const home = mkdtempSync(path.join(os.tmpdir(), 'taintgate-tour-'));
  let service: ServiceProcess | undefined;
  let run: TourRun;

  beforeAll(async () => {
    const settings = {
      DATABASE_URL: databaseUrlFor(databaseName),
      REDIS_PREFIX: redisPrefix,
      TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN,
      TAINTGATE_SECRETS_KEY: 'tour-secrets-key-0123456789abcdefghijklmnop',
      TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
    };
    service = await ServiceProcess.start({ ...settings, TAINTGATE_AUTH: 'on' });
    const env = { ...settings, PORT: new URL(service.url).port };
    // What the Quick start's `cat > ~/taintgate.env` writes, with this test's own values.
    writeFileSync(
      path.join(home, 'taintgate.env'),
      Object.entries(env)
        .map(([name, value]) => `export ${name}=${value}\n`)
        .join(''),
    );
    // HOME is where the tour finds its settings; TMPDIR keeps its mktemp files in that folder too.
    run = await runTour(tourSteps(README), { cwd: ROOT, env: { ...process.env, ...env, HOME: home, TMPDIR: home }, timeoutMs: 90_000 });
  }, 200_000);

  afterAll(async () => {
    await service?.stop();
    await dropDatabase(databaseName);
    await deleteRedisKeys(redisPrefix);
    rmSync(home, { recursive: true, force: true });
  });

  /** What the step printed; fails with the run's transcript and the service's log if it did not finish. */
  const output = (step: string): string => {
    const printed = run.outputs.get(step);
    if (printed === undefined)
      throw new Error(`the tour stopped before the end of step "${step}"\n${run.transcript}\n--- service ---\n${service?.log() ?? ''}`);
    return printed.trim();
  };

  it('has the steps this test checks, and runs every one to its end', () => {
    expect(tourSteps(README).map((step) => step.name)).toEqual(STEPS);
    for (const step of STEPS) output(step);
    expect(run.status).toBe(0);
  });

  it('connects: the service is ready, and a call without the key is refused', () => {
    expect(output('connect').split('\n')).toEqual(['ok', '401']);
  });

  it('imports the sample cluster: 4 nodes, 7 pods and a PodDisruptionBudget, none rejected', () => {
    const result = JSON.parse(output('import'));
    expect(result).toMatchObject({ kind: 'ImportResult', nodes: { created: 4 }, pods: { created: 7 }, podDisruptionBudgets: { created: 1 }, rejected: [] });
  });

  it('says why the pending pod fits nowhere, and that with the toleration it goes to the GPU node', () => {
    expect(output('where')).toContain('`ml/trainer-1` can go to none of 4 nodes.');
    expect(output('where')).toContain('`gpu-1`: untolerated taint `nvidia.com/gpu=present:NoSchedule`.');
    expect(output('where')).toContain(
      "`0/4 nodes are available: 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.`",
    );
    expect(output('where-if')).toContain('`ml/trainer-1` can go to 1/4 nodes: `gpu-1` (best).');
  });

  it("tells the taint's impact before it is added, and what it did once added", () => {
    expect(output('impact')).toMatch(/^1 pod evicted now, 1 after 5 s \(at \d\d:\d\d UTC\), 1 stays\.$/m);
    expect(output('impact')).toContain('Evicted now: `shop/web-1`.');
    expect(output('taint')).toContain('`node/general-1 tainted`');
    expect(output('taint')).toContain('NoExecute on 1 node: 1 pod evicted now, 1 scheduled');
  });

  it("plans the drain: the web replica goes to general-2, checkout's budget blocks the drain, the DaemonSet's pod stays", () => {
    const lines = output('drain').split('\n');
    expect(lines.slice(0, 3)).toEqual([
      ':warning: ignoring DaemonSet-managed Pods: monitoring/node-exporter-general-1',
      'Drain of 1 node (`general-1`), together: :no_entry: the drain cannot finish.',
      '1 pod evicted: 1 placed, 0 stranded; 1 blocked, 1 skipped.',
    ]);
    expect(lines[3]).toMatch(
      /^Blocked: `shop\/checkout-1` by PodDisruptionBudget `checkout`: Cannot evict pod as it would violate the pod's disruption budget\./,
    );
    expect(lines[4]).toBe('To `general-2`: 1 pod.');
  });

  it('sweeps every node for removal, as a job: general-2 can go; the bare pods and the budget keep the others', () => {
    const lines = output('sweep').split('\n');
    expect(lines[0]).toMatch(/^Removal sweep of 4 nodes: done, 1 can go \(revision \d+\)\.$/);
    expect(lines[1]).toBe('1. `general-2`: :white_check_mark: removable (1 pod to move).');
    expect(lines[2]).toMatch(/^2\. `gpu-1`: :no_entry: the drain cannot finish \(0 pods to move\): cannot delete Pods that declare no controller/);
    expect(lines[3]).toMatch(/^3\. `spot-1`: :no_entry: the drain cannot finish \(0 pods to move\): cannot delete Pods that declare no controller/);
    expect(lines[4]).toMatch(/^4\. `general-1`: :no_entry: the drain cannot finish \(1 pod to move\): shop\/checkout-1: Cannot evict pod/);
  });

  it('evicts the pod that tolerated the taint for 5 seconds, once they have passed', () => {
    expect(output('evictions')).toContain('2 evictions, newest first:');
    expect(output('evictions')).toMatch(/^`shop\/web-1` on `general-1`: evicted at /m);
    expect(output('evictions')).toMatch(/^`shop\/checkout-1` on `general-1`: evicted at /m);
  });

  it('delivers the TaintRemoved event to the receiver, signed, and lists the delivery as succeeded', () => {
    expect(output('receiver').trim()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const [received, deliveries] = output('webhook').trim().split('\n');
    const [, body] = /^TaintRemoved \S+ signature ok: (.*)$/.exec(received ?? '') ?? [];
    expect(JSON.parse(body ?? 'null')).toMatchObject({ event: 'TaintRemoved', cluster: 'default', node: 'general-1', taint: { key: 'maintenance' } });
    expect(JSON.parse(deliveries ?? 'null').items).toEqual([expect.objectContaining({ event: 'TaintRemoved', status: 'succeeded', attempts: 1 })]);
  });

  it('keeps a mirror of the default cluster in step, and refuses a write to it, naming its source', () => {
    const [auth, state, refused] = output('mirror').split('\n');
    expect(auth).toBe('token');
    expect(state).toBe('Watching');
    expect(refused).toMatch(
      /^clusters\.taintgate\.io "copy" is forbidden: it is a mirror of http:\/\/127\.0\.0\.1:\d+, and takes no changes but its sync's and imports: make this change at http:\/\/127\.0\.0\.1:\d+/,
    );
  });
});
