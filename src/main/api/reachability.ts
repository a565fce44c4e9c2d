/**
 * The connection probe's request: one keyless GET of the connection's base URL with the on-demand
 * connect limit. Any HTTP answer (a 401 for the missing key, a 404) means the service is there; only
 * a request that does not reach it means offline. It sends no API key, so it costs nothing of the
 * key's allowance and is not queued behind a sync's requests.
 */
import { request, type Dispatcher } from 'undici';
import { APP_VERSION } from '../version';
import { dispatcherWithConnectTimeout, ON_DEMAND_CONNECT_TIMEOUT_MS, unreachableInWords } from './connect-timeout';

export type Reachability = { reachable: true } | { reachable: false; message: string };

/** The longest a probe waits for the answer's head once connected. */
export const PROBE_ANSWER_TIMEOUT_MS = 5_000;

export async function probeService(
  baseUrl: string,
  options: { dispatcher?: Dispatcher; connectTimeoutMs?: number; answerTimeoutMs?: number } = {},
): Promise<Reachability> {
  const connectTimeoutMs = options.connectTimeoutMs ?? ON_DEMAND_CONNECT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), connectTimeoutMs + (options.answerTimeoutMs ?? PROBE_ANSWER_TIMEOUT_MS));
  try {
    const res = await request(baseUrl, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': `CarbonDesk/${APP_VERSION}` },
      signal: controller.signal,
      dispatcher: options.dispatcher ?? dispatcherWithConnectTimeout(connectTimeoutMs),
    });
    res.body.on('error', () => undefined);
    res.body.destroy();
    return { reachable: true };
  } catch (err) {
    if (controller.signal.aborted) return { reachable: false, message: 'The service cannot be reached: it did not answer in time' };
    const e = err as { code?: string; cause?: { code?: string } };
    return { reachable: false, message: `The service cannot be reached: ${unreachableInWords(e?.cause?.code ?? e?.code, connectTimeoutMs)}` };
  } finally {
    clearTimeout(timer);
  }
}
