/**
 * The renderer's bridge when no preload is present (the web host): the same CarbonApi type, one
 * function per contract method, over POST /rpc/<method>; events over server-sent events. The web
 * host turns its launch token into an HttpOnly session cookie when the printed address is opened, so
 * new tabs and pasted links carry the session by themselves; a token in the page URL (or kept in
 * sessionStorage) is sent too, as a Bearer header.
 */
import { type CarbonApi, type ContractEvents, EVENT_NAMES, type EventName, METHOD_NAMES, type MethodName, splitMethod } from '../../../shared/contract';
import type { ContractErrorBody } from '../../../shared/contract';
import { ContractError } from '../../../shared/errors';

const TOKEN_KEY = 'carbon-desk.session-token';

export function readSessionToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.toString());
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function createHttpBridge(token: string): CarbonApi {
  async function call(name: MethodName, input: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`/rpc/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'same-origin',
        body: JSON.stringify(input ?? {}),
      });
    } catch {
      throw new ContractError('host_unreachable', 'The Carbon Desk back end is not answering. Is `npm run web` still running?');
    }
    const body = (await res.json().catch(() => null)) as { result?: unknown; error?: ContractErrorBody } | null;
    if (!res.ok || !body || body.error) {
      throw ContractError.fromBody(body?.error ?? { code: 'host_error', message: `HTTP ${res.status}` });
    }
    return body.result;
  }

  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;
  function ensureSource(): void {
    if (source) return;
    source = new EventSource(token ? `/events?token=${encodeURIComponent(token)}` : '/events');
    for (const event of EVENT_NAMES) {
      source.addEventListener(event, (e) => {
        const payload = JSON.parse((e as MessageEvent<string>).data) as unknown;
        listeners.get(event)?.forEach((l) => l(payload));
      });
    }
  }

  const api: Record<string, unknown> = {
    on<E extends EventName>(event: E, listener: (payload: ContractEvents[E]) => void) {
      ensureSource();
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (p: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (p: unknown) => void);
    },
  };
  for (const name of METHOD_NAMES) {
    const [ns, member] = splitMethod(name);
    const group = (api[ns] ??= {}) as Record<string, unknown>;
    group[member] = (input: unknown) => call(name, input);
  }
  return api as CarbonApi;
}
