/**
 * Every value that crosses a process boundary, typed once: queue jobs (API → worker, API → its own
 * maintenance processor), Redis messages (worker ↔ API), socket.io events (API → browser) and the
 * REST shapes more than one side reads.
 */
export * from './queues';
export * from './channels';
export * from './socket';
export * from './rest';
export * from './workers';
