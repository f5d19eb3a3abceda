import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../auth/index.js';
import { hasControlCharacter } from '../../common/pipes/nul-field.js';
import type { ReportBrand } from '../formats/report-document.js';
import { ReportRenderer } from '../formats/report-renderer.service.js';
import { checkLogo } from './logo-check.js';
import { ReportBrandInvalidError } from './report-brand.errors.js';
import { type BrandChange, ReportBrands, type StoredBrand } from './report-brands.repository.js';

/** The longest display name: it heads every page of the report, on one line. */
export const MAX_DISPLAY_NAME_LENGTH = 100;

/** What an owner asks to change; `logo` is an uploaded file's bytes, if one was chosen. */
export interface BrandRequest {
  displayName: string;
  logo: Buffer | null;
  removeLogo: boolean;
}

/**
 * The white label of an account's reports: who the HTML and PDF reports
 * (and the console's report pages) say they are from. Every method takes the
 * account id; who may change it (owners) is the console's rule.
 */
@Injectable()
export class ReportBrandService {
  constructor(
    private readonly brands: ReportBrands,
    private readonly accounts: AccountsService,
    private readonly renderer: ReportRenderer,
  ) {}

  /** The account's own settings, for the form. */
  settings(accountId: number): Promise<StoredBrand> {
    return this.brands.find(accountId);
  }

  /** The brand a report is rendered with: the display name, else the account's name; the logo if any. */
  async brand(accountId: number): Promise<ReportBrand> {
    const [stored, account] = await Promise.all([
      this.brands.find(accountId),
      this.accounts.find(accountId),
    ]);
    return {
      display_name: stored.displayName ?? account?.name ?? '',
      logo: stored.logo && {
        media_type: stored.logo.mediaType,
        data_base64: stored.logo.bytes.toString('base64'),
      },
    };
  }

  /**
   * Checks the whole request first, then saves it in one statement: a
   * refused field (ReportBrandInvalidError) changes nothing. An empty name
   * goes back to the account's name.
   */
  async update(accountId: number, userId: number, request: BrandRequest): Promise<void> {
    const displayName = request.displayName.trim();
    const length = [...displayName].length;
    if (length > MAX_DISPLAY_NAME_LENGTH) {
      throw new ReportBrandInvalidError(
        'display_name',
        `The display name is ${length} characters long; it may be at most ${MAX_DISPLAY_NAME_LENGTH}.`,
      );
    }
    if (hasControlCharacter(displayName)) {
      throw new ReportBrandInvalidError(
        'display_name',
        'The display name may not contain control characters (line breaks, tabs and the like).',
      );
    }
    const change: BrandChange = {
      displayName: displayName === '' ? null : displayName,
      logo: request.removeLogo ? 'remove' : 'keep',
    };
    if (request.logo !== null && !request.removeLogo) {
      const verdict = await checkLogo(request.logo);
      if (verdict.kind === 'refused') throw new ReportBrandInvalidError('logo', verdict.reason);
      const problem = await this.renderer.logoProblem({
        media_type: verdict.mediaType,
        data_base64: verdict.bytes.toString('base64'),
      });
      if (problem !== null) {
        throw new ReportBrandInvalidError(
          'logo',
          `The logo could not be drawn in a PDF (${problem}); export it again as PNG or SVG.`,
        );
      }
      change.logo = { mediaType: verdict.mediaType, bytes: verdict.bytes };
    }
    await this.brands.save(accountId, userId, change);
  }
}
