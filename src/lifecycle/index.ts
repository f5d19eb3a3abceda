export { closeOnSignals } from './graceful-shutdown.js';
export { applyHeapGrowth } from './heap-growth.js';
export { LifecycleModule } from './lifecycle.module.js';
export { ShutdownState } from './shutdown-state.js';
