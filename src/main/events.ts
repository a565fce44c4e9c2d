import { EventEmitter } from 'node:events';
import type { ContractEvents, EventName } from '../shared/contract';

/** The typed event bus every host forwards to its windows (ipc send, SSE). */
export class EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(100);

  emit<E extends EventName>(event: E, payload: ContractEvents[E]): void {
    this.emitter.emit(event, payload);
  }

  on<E extends EventName>(event: E, listener: (payload: ContractEvents[E]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
