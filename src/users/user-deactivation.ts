import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Work done in the same transaction as a person being disabled. */
export type DeactivationStep = (manager: EntityManager, userId: number) => Promise<void>;

/**
 * What else ends when a person is disabled. Modules that depend on users
 * register their step here (OAuth ends the assistant connections the person
 * allowed), so that users never imports them and the step commits or rolls
 * back with the change of status.
 */
@Injectable()
export class UserDeactivation {
  private readonly steps: DeactivationStep[] = [];

  register(step: DeactivationStep): void {
    this.steps.push(step);
  }

  async run(manager: EntityManager, userId: number): Promise<void> {
    for (const step of this.steps) await step(manager, userId);
  }
}
