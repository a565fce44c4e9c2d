/** The connect limit of on-demand requests and the words for a service that cannot be reached. */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, type buildConnector } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../shared/errors';
import { ApiClient } from './api-client';
import { CONNECT_TIMEOUT_CODE, connectWithin, ON_DEMAND_CONNECT_TIMEOUT_MS, unreachableInWords } from './connect-timeout';
import { sendJson, startFixtureServer } from './fixture-server';

afterEach(() => {
  vi.useRealTimers();
});

/** A connector whose connection is never accepted (a service whose host takes no new connections); `answer` settles it later. */
function neverConnects() {
  const calls: Array<(err: Error | null, socket: net.Socket | null) => void> = [];
  const connector: buildConnector.connector = (_options, callback) => {
    calls.push(callback as never);
  };
  return { connector, calls };
}

const errorOf = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ContractError);
  return e as ContractError;
};

describe('connectWithin', () => {
  it('gives up on a connection not accepted within the limit, and destroys a socket that comes later', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const never = neverConnects();
    const connect = connectWithin(3000, never.connector);
    const results: Array<{ code?: string } | null> = [];
    connect({ hostname: '127.0.0.1', host: '127.0.0.1', protocol: 'http:', port: '1', servername: null } as never, (...args) => {
      results.push(args[0] as { code?: string } | null);
    });
    vi.advanceTimersByTime(2999);
    expect(results).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(results).toHaveLength(1);
    expect(results[0]?.code).toBe(CONNECT_TIMEOUT_CODE);
    const late = { destroy: vi.fn() } as unknown as net.Socket;
    never.calls[0]!(null, late);
    expect(late.destroy).toHaveBeenCalled();
    expect(results).toHaveLength(1);
  });

  it('passes a connection made in time through, its timer cleared', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const never = neverConnects();
    const results: unknown[] = [];
    connectWithin(3000, never.connector)({} as never, (...args) => {
      results.push(args[0] ?? args[1]);
    });
    const socket = { destroy: vi.fn() } as unknown as net.Socket;
    vi.advanceTimersByTime(1000);
    never.calls[0]!(null, socket);
    vi.advanceTimersByTime(5000);
    expect(results).toEqual([socket]);
    expect(socket.destroy).not.toHaveBeenCalled();
  });
});

describe('an on-demand client', () => {
  it('fails after the connect limit, once, with the reason in words and no network code', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const never = neverConnects();
    const dispatcher = new Agent({ connect: connectWithin(ON_DEMAND_CONNECT_TIMEOUT_MS, never.connector) });
    const outcomes: Array<[boolean, string | null]> = [];
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9', apiKey: 'ccmd_live_secretkeyvalue123', priority: 'foreground', retryUnreachable: false,
      connectTimeoutMs: ON_DEMAND_CONNECT_TIMEOUT_MS, dispatcher, onReachability: (r, m) => outcomes.push([r, m]),
      profile: { apiRoot: 'http://127.0.0.1:9/v1', source: 'guess', paths: null, beneficiaryFields: {} },
    });
    let settled = false;
    const pending = errorOf(client.projectTypes().finally(() => (settled = true)));
    await vi.advanceTimersByTimeAsync(ON_DEMAND_CONNECT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await pending;
    expect(e.code).toBe('offline');
    expect(e.message).toBe('The service cannot be reached for the project types: it did not accept a connection within 3 s');
    expect(never.calls).toHaveLength(1); // not tried again
    expect(outcomes).toEqual([[false, e.message]]);
    await dispatcher.close();
  });

  it('says "nothing accepts connections" for a refused connection, at once, and tells the connection state', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcomes: boolean[] = [];
    const client = new ApiClient({
      baseUrl: `http://127.0.0.1:${port}`, apiKey: 'ccmd_live_secretkeyvalue123', retryUnreachable: false,
      connectTimeoutMs: ON_DEMAND_CONNECT_TIMEOUT_MS, onReachability: (r) => outcomes.push(r),
    });
    const e = await errorOf(client.projectTypes());
    expect(e.code).toBe('offline');
    expect(e.message).toMatch(/cannot be reached for the project types: nothing accepts connections at its address/);
    expect(e.message).not.toMatch(/ECONN|errno/i);
    expect(e.details).toEqual({ cause: 'ECONNREFUSED' });
    expect(client.stats.retries).toBe(0);
    expect(outcomes).toEqual([false]);
  });

  it('tells the connection state when the service answers', async () => {
    const s = await startFixtureServer((_r, res) => sendJson(res, 200, { categories: [] }));
    try {
      const outcomes: boolean[] = [];
      const client = new ApiClient({ baseUrl: s.url, apiKey: 'ccmd_live_secretkeyvalue123', connectTimeoutMs: ON_DEMAND_CONNECT_TIMEOUT_MS, onReachability: (r) => outcomes.push(r) });
      await client.projectTypes().catch(() => undefined);
      expect(outcomes).toEqual([true]);
    } finally {
      await s.close();
    }
  });
});

describe('unreachableInWords', () => {
  it('names every network failure in words', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ETIMEDOUT', CONNECT_TIMEOUT_CODE, 'CERT_HAS_EXPIRED', undefined, 'EWHATEVER']) {
      const words = unreachableInWords(code, 3000);
      expect(words).not.toMatch(/\bE[A-Z_]{3,}\b|UND_ERR/);
      expect(words.length).toBeGreaterThan(10);
    }
    expect(unreachableInWords(CONNECT_TIMEOUT_CODE, 3000)).toBe('it did not accept a connection within 3 s');
  });
});
