import { ContractError } from '../../shared/errors';

/** Answer of a method whose implementation has not landed yet. */
export const notReady = (method: string) => async (): Promise<never> => {
  throw new ContractError('not_implemented', `${method} is not available in this build`);
};
