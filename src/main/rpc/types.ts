import type { MethodName, MethodOutput, ParsedInput } from '../../shared/contract';
import type { AppContext } from '../app-context';

/** One handler per contract method: a missing or mistyped handler is a compile error. */
export type Handler<K extends MethodName> = (input: ParsedInput<K>, ctx: AppContext) => Promise<MethodOutput<K>>;
export type Handlers = { [K in MethodName]: Handler<K> };
/** A domain's slice of the map. */
export type HandlerSlice<K extends MethodName> = { [P in K]: Handler<P> };
