import { Injectable } from '@nestjs/common';

/**
 * Whether this replica has been asked to stop. From then on readiness fails,
 * so load balancers take the replica out, while requests are still served
 * until the drain delay is over.
 */
@Injectable()
export class ShutdownState {
  private stopping = false;

  get draining(): boolean {
    return this.stopping;
  }

  beginDrain(): void {
    this.stopping = true;
  }
}
