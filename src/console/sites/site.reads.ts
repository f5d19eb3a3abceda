import { Injectable } from '@nestjs/common';
import { type SiteDto, SiteNotFoundError, SitesRepository } from '../../sites/index.js';

/** A site of the account for its console page. */
@Injectable()
export class SiteReads {
  constructor(private readonly sites: SitesRepository) {}

  async site(accountId: number, siteId: number): Promise<SiteDto> {
    const site = await this.sites.findOwned(accountId, siteId);
    if (!site) throw new SiteNotFoundError(siteId);
    return site;
  }
}
