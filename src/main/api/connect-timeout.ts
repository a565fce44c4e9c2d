/**
 * How long a request may wait for the service to accept its connection, and the words for a request
 * that could not reach the service. The user's on-demand requests (Fetch now, Fetch latest, the key
 * listing, a status probe) wait ON_DEMAND_CONNECT_TIMEOUT_MS at most: a service that does not accept
 * a connection by then is offline for the person waiting, and they are told at once. The sync's
 * requests keep undici's own connect timeout.
 *
 * The limit is kept by a connector of ours around undici's (`connectWithin`), with the process's own
 * timer, so it holds for every socket a dispatcher opens and is tested with fake timers.
 */
import { Agent, buildConnector, type Dispatcher } from 'undici';

export const ON_DEMAND_CONNECT_TIMEOUT_MS = 3_000;

/** The code a connection not accepted in time fails with (undici's own, so every reader knows it). */
export const CONNECT_TIMEOUT_CODE = 'UND_ERR_CONNECT_TIMEOUT';

/** An error a connector gives back: undici's connect errors carry their code. */
export class ConnectError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

/**
 * `connect` (undici's connector by default) with a limit: when the socket is not connected within
 * `timeoutMs`, the attempt is abandoned (the socket destroyed when it comes) and the callback gets a
 * ConnectError with CONNECT_TIMEOUT_CODE.
 */
export function connectWithin(timeoutMs: number, connect: buildConnector.connector = buildConnector({})): buildConnector.connector {
  return (options, callback) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      callback(new ConnectError(`no connection within ${timeoutMs} ms`, CONNECT_TIMEOUT_CODE), null);
    }, timeoutMs);
    connect(options, (err, socket) => {
      if (settled) {
        socket?.destroy();
        return;
      }
      settled = true;
      clearTimeout(timer);
      if (err) callback(err, null);
      else callback(null, socket!);
    });
  };
}

const agents = new Map<number, Dispatcher>();

/** One shared dispatcher per connect limit (its connections are kept alive and reused like the global one's). */
export function dispatcherWithConnectTimeout(timeoutMs: number): Dispatcher {
  let agent = agents.get(timeoutMs);
  if (!agent) {
    agent = new Agent({ connect: connectWithin(timeoutMs) });
    agents.set(timeoutMs, agent);
  }
  return agent;
}

/**
 * Why a request did not reach the service, in words (the network code stays in the error's details,
 * for logs): `connectTimeoutMs` is the limit the request had for its connection.
 */
export function unreachableInWords(code: string | undefined, connectTimeoutMs: number | null): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing accepts connections at its address (it may be stopped)';
    case 'ENOTFOUND':
      return 'its host name is not known';
    case 'EAI_AGAIN':
      return 'its host name could not be looked up (no network?)';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'the connection was cut';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return 'the network has no route to it';
    case 'ETIMEDOUT':
    case CONNECT_TIMEOUT_CODE:
      return connectTimeoutMs ? `it did not accept a connection within ${Math.round(connectTimeoutMs / 1000)} s` : 'it did not accept a connection in time';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'its TLS certificate is not trusted';
    default:
      return 'the network request failed';
  }
}
