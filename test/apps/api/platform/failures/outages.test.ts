import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logger } from '@nestjs/common';
import { OutageLog, RedisUnreachableError, isPostgresUnreachable, outageDetail, reportIfOutage } from '../../../../../apps/api/src/platform/failures/outages';

/** An error shaped as Prisma 7 throws it over @prisma/adapter-pg (seen against a stopped Postgres). */
const prismaError = (code: string, cause?: Record<string, unknown>, message = 'Invalid `prisma.x()` invocation') =>
  Object.assign(new Error(message), { code, meta: cause ? { driverAdapterError: { name: 'DriverAdapterError', cause } } : {} });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isPostgresUnreachable', () => {
  it.each<[string, unknown]>([
    ['P1001 from a model query', prismaError('P1001', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 })],
    ['a raw query refused (P2010, DatabaseNotReachable)', prismaError('P2010', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 1 })],
    ['an admin shutdown mid-query (P2010, 57P01)', prismaError('P2010', { kind: 'postgres', originalCode: '57P01', code: '57P01' })],
    ['the server starting up (57P03)', prismaError('P2010', { kind: 'postgres', originalCode: '57P03', code: '57P03' })],
    ['a connection exception (08006)', pgError('08006', 'connection failure')],
    ['a crash shutdown (57P02) from pg directly', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['too many connections', prismaError('P2010', { kind: 'TooManyConnections', cause: 'sorry, too many clients already' })],
    ['a connection reset', prismaError('P2010', { kind: 'ConnectionClosed' })],
    ["the pool's timeout (P2024)", prismaError('P2024')],
    ['ECONNREFUSED from pg', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['one refusal per address (AggregateError)', new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })])],
    ["pg's lost connection", new Error('Connection terminated unexpectedly')],
    ["pg's connect timeout", new Error('timeout exceeded when trying to connect')],
    ['a transaction that could not start', prismaError('P2028', undefined, 'Transaction API error: Unable to start a transaction in the given time.')],
    ['the cause of a wrapping error', new Error('wrapped', { cause: new Error('Connection terminated due to connection timeout') })],
  ])('knows %s', (_what, thrown) => {
    expect(isPostgresUnreachable(thrown)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', prismaError('P2002', { kind: 'UniqueConstraintViolation' })],
    ['a record not found', prismaError('P2025')],
    ['a query Postgres refused (22021)', prismaError('P2010', { kind: 'postgres', originalCode: '22021', code: '22021' })],
    ['a missing database', prismaError('P2010', { kind: 'DatabaseDoesNotExist', originalCode: '3D000' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['nothing', undefined],
  ])('tells %s from an outage', (_what, thrown) => {
    expect(isPostgresUnreachable(thrown)).toBe(false);
  });
});

describe('outageDetail', () => {
  it("keeps only the driver's words of Prisma's message", () => {
    const error = new Error(
      "\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:1`",
    );
    expect(outageDetail(error)).toBe("Can't reach database server at 127.0.0.1:1");
  });
});

describe('OutageLog', () => {
  afterEach(() => {
    OutageLog.of('Postgres').recovered();
    OutageLog.of('Redis').recovered();
    vi.restoreAllMocks();
  });

  it('tells an outage at once, then at most once per 30 s, counting what it did not tell', () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const log = OutageLog.of('Postgres');

    for (let ms = 0; ms < 30_000; ms += 100) log.report('connect ECONNREFUSED 127.0.0.1:5432', 1_000_000 + ms);
    log.report('connect ECONNREFUSED 127.0.0.1:5432', 1_030_000);

    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'Postgres unreachable: connect ECONNREFUSED 127.0.0.1:5432',
      'Postgres unreachable: connect ECONNREFUSED 127.0.0.1:5432 (299 more time(s) since the last report)',
    ]);
  });

  it('tells the next outage at once once the dependency answered again', () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = vi.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);

    OutageLog.of('Redis').report('down', 0);
    OutageLog.of('Redis').recovered();
    OutageLog.of('Redis').report('down again', 1_000);

    expect(warn).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('Redis reachable again');
  });

  it('reportIfOutage reports outages only, each to its dependency', () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    expect(reportIfOutage(new RedisUnreachableError('connect ECONNREFUSED 127.0.0.1:6379'))).toBe(true);
    expect(reportIfOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(reportIfOutage(new TypeError('a bug'))).toBe(false);

    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'Redis unreachable: connect ECONNREFUSED 127.0.0.1:6379',
      'Postgres unreachable: Connection terminated unexpectedly',
    ]);
  });
});
