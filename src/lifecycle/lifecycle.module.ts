import { Global, Module } from '@nestjs/common';
import { ShutdownState } from './shutdown-state.js';

/** The process's own state that other modules read (readiness reads whether it is draining). */
@Global()
@Module({ providers: [ShutdownState], exports: [ShutdownState] })
export class LifecycleModule {}
