/** Building blocks of the contract: a method is a name, a zod input schema and an output type. */
import type { z } from 'zod';

export interface MethodSpec<I extends z.ZodTypeAny, O> {
  input: I;
  /** Phantom: carries the output type only. */
  output: O;
  /** One line for the CLI's help and error messages. */
  summary: string;
}

/** `method(inputSchema, 'what it does').returns<Output>()` */
export const method = <I extends z.ZodTypeAny>(input: I, summary: string) => ({
  returns: <O>(): MethodSpec<I, O> => ({ input, output: undefined as unknown as O, summary }),
});
