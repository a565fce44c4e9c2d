/** Building blocks of the contract: a method is a name, a zod input schema and an output type. */
import type { z } from 'zod';

/** Who answers a method: the local cache's query layer (`cache`), or the back end's own services. */
export type MethodSource = 'cache' | 'app';

export interface MethodSpec<I extends z.ZodTypeAny, O, S extends MethodSource = MethodSource> {
  input: I;
  /** Phantom: carries the output type only. */
  output: O;
  /** One line for the CLI's help and error messages. */
  summary: string;
  source: S;
}

/** `method(inputSchema, 'what it does').returns<Output>()`: answered by the back end's services. */
export const method = <I extends z.ZodTypeAny>(input: I, summary: string) => ({
  returns: <O>(): MethodSpec<I, O, 'app'> => ({ input, output: undefined as unknown as O, summary, source: 'app' }),
});

/** `query(inputSchema, 'what it does').returns<Output>()`: answered from the local cache by the query layer. */
export const query = <I extends z.ZodTypeAny>(input: I, summary: string) => ({
  returns: <O>(): MethodSpec<I, O, 'cache'> => ({ input, output: undefined as unknown as O, summary, source: 'cache' }),
});
