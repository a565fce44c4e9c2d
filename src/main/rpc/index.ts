/**
 * THE handler map: one implementation of every contract method, served by every host.
 * `dispatch` is the single entry the hosts call: it parses the input with the method's zod schema
 * (a bad input never reaches a handler) and turns every failure into a ContractError.
 */
import { contract, type MethodName, type MethodOutput } from '../../shared/contract';
import { ContractError, invalidInput } from '../../shared/errors';
import type { AppContext } from '../app-context';
import { appHandlers } from './app';
import { claimHandlers } from './claims';
import { exportHandlers } from './export';
import { portfolioHandlers } from './portfolios';
import { queryHandlers } from './query';
import { syncHandlers } from './sync';
import type { Handlers } from './types';

export const handlers: Handlers = {
  ...appHandlers,
  ...syncHandlers,
  ...queryHandlers,
  ...exportHandlers,
  ...portfolioHandlers,
  ...claimHandlers,
};

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

export async function dispatch<K extends MethodName>(name: K, rawInput: unknown, ctx: AppContext): Promise<MethodOutput<K>> {
  const spec = contract[name];
  const parsed = spec.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const handler = handlers[name] as (input: unknown, ctx: AppContext) => Promise<MethodOutput<K>>;
  try {
    return await handler(parsed.data, ctx);
  } catch (err) {
    throw toContractError(err);
  }
}

export function toContractError(err: unknown): ContractError {
  if (err instanceof ContractError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ContractError('internal_error', message);
}
