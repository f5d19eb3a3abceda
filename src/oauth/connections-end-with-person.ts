import { Injectable, type OnModuleInit } from '@nestjs/common';
import { UserDeactivation } from '../users/index.js';
import { endConnectionsAllowedBy } from './connections.service.js';

/** Disabling a person ends every assistant connection they allowed, in the same transaction. */
@Injectable()
export class ConnectionsEndWithPerson implements OnModuleInit {
  constructor(private readonly deactivation: UserDeactivation) {}

  onModuleInit(): void {
    this.deactivation.register((manager, userId) => endConnectionsAllowedBy(manager, userId));
  }
}
