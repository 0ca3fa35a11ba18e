import { describe, expect, it } from 'vitest';
import { type CoreEvent, eventTable } from '@taintgate/domain';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const daysAgo = (days: number): string => new Date(now - days * 24 * 3600_000).toISOString();

const cellsOf = (event: CoreEvent): (string | number | boolean)[] => eventTable([event], { now }).rows[0]?.cells ?? [];
/** LAST SEEN, TYPE, REASON, OBJECT, MESSAGE: the columns without priority (upstream's cases without GenerateOptions.Wide). */
const defaultCellsOf = (event: CoreEvent): (string | number | boolean)[] => {
  const cells = cellsOf(event);
  return [cells[0], cells[1], cells[2], cells[3], cells[6]] as (string | number | boolean)[];
};

const deployment = { kind: 'Deployment', name: 'Deployment Name', fieldPath: 'spec.containers{foo}' };
const fromKubelet = { component: 'kubelet', host: 'Node1' };
const base = { reason: 'Event Reason', message: 'Message Data', type: 'Warning' };

describe('eventTable', () => {
  // TestPrintEvent (pkg/printers/internalversion/printers_test.go), the case without GenerateOptions.Wide
  it('basic event: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE', () => {
    const event: CoreEvent = {
      metadata: { name: 'event1' },
      source: { component: 'kubelet' },
      involvedObject: { kind: 'Pod', name: 'Pod Name', fieldPath: 'spec.containers{foo}' },
      reason: 'Event Reason',
      message: 'Message Data',
      firstTimestamp: daysAgo(3),
      lastTimestamp: daysAgo(2),
      count: 6,
      type: 'Normal',
    };
    expect(defaultCellsOf(event)).toEqual(['2d', 'Normal', 'Event Reason', 'pod/Pod Name', 'Message Data']);
  });

  // TestPrintEvent (printers_test.go), the wide cases:
  // LAST SEEN, TYPE, REASON, OBJECT, SUBOBJECT, SOURCE, MESSAGE, FIRST SEEN, COUNT, NAME
  it.each<[string, CoreEvent, (string | number | boolean)[]]>([
    [
      'basic event',
      {
        ...base,
        metadata: { name: 'event2' },
        source: fromKubelet,
        involvedObject: deployment,
        firstTimestamp: daysAgo(3),
        lastTimestamp: daysAgo(2),
        count: 6,
      },
      ['2d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 6, 'event2'],
    ],
    [
      'without firstTimestamp: eventTime',
      { ...base, metadata: { name: 'event3' }, source: fromKubelet, involvedObject: deployment, eventTime: daysAgo(3), lastTimestamp: daysAgo(3), count: 1 },
      ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event3'],
    ],
    [
      'without lastTimestamp: first seen',
      { ...base, metadata: { name: 'event4' }, source: fromKubelet, involvedObject: deployment, eventTime: daysAgo(3), firstTimestamp: daysAgo(3), count: 1 },
      ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event4'],
    ],
    [
      'without first and lastTimestamp',
      { ...base, metadata: { name: 'event5' }, source: fromKubelet, involvedObject: deployment, eventTime: daysAgo(3), count: 1 },
      ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event5'],
    ],
    [
      'a series without timestamps and count',
      {
        ...base,
        metadata: { name: 'event6' },
        source: fromKubelet,
        involvedObject: deployment,
        series: { count: 2, lastObservedTime: daysAgo(2) },
        eventTime: daysAgo(3),
      },
      ['2d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 2, 'event6'],
    ],
    [
      'a singleton without timestamps and count: count 1',
      { ...base, metadata: { name: 'event7' }, source: fromKubelet, involvedObject: deployment, eventTime: daysAgo(3) },
      ['3d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, Node1', 'Message Data', '3d', 1, 'event7'],
    ],
    [
      'empty source: reportingComponent and reportingInstance',
      {
        ...base,
        metadata: { name: 'event2' },
        reportingComponent: 'kubelet',
        reportingInstance: 'test',
        involvedObject: deployment,
        firstTimestamp: daysAgo(3),
        lastTimestamp: daysAgo(2),
        count: 6,
      },
      ['2d', 'Warning', 'Event Reason', 'deployment/Deployment Name', 'spec.containers{foo}', 'kubelet, test', 'Message Data', '3d', 6, 'event2'],
    ],
  ])('%s', (_name, event, cells) => {
    expect(cellsOf(event)).toEqual(cells);
  });

  it('prints a nameless involved object by kind, a source without host by component, and trims the message', () => {
    const event: CoreEvent = {
      metadata: { name: 'e' },
      involvedObject: { kind: 'Node' },
      source: { component: 'taintgate' },
      message: '  evicted\n',
      lastTimestamp: daysAgo(0),
      firstTimestamp: daysAgo(0),
      count: 3,
    };
    expect(cellsOf(event)).toEqual(['0s', '', '', 'node', '', 'taintgate', 'evicted', '0s', 3, 'e']);
  });

  it('has its columns in upstream order, five of them wide', () => {
    expect(eventTable([], { now }).columnDefinitions.map((c) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Last Seen', 'string', '', 0],
      ['Type', 'string', '', 0],
      ['Reason', 'string', '', 0],
      ['Object', 'string', '', 0],
      ['Subobject', 'string', '', 1],
      ['Source', 'string', '', 1],
      ['Message', 'string', '', 0],
      ['First Seen', 'string', '', 1],
      ['Count', 'string', '', 1],
      ['Name', 'string', 'name', 1],
    ]);
  });
});
