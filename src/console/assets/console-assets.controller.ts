import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/request/route-access.decorator.js';
import { SkipRateLimit } from '../../common/request/skip-rate-limit.decorator.js';
import { CONSOLE_ASSETS, type ConsoleAssetName } from './console-assets.js';

/** The console's stylesheets and script: public, and cached for good under their versioned URL. */
@ApiExcludeController()
@SkipRateLimit()
@Controller('console/assets')
export class ConsoleAssetsController {
  @Public()
  @Get(':name')
  serve(
    @Param('name') name: string,
    @Query('v') version: unknown,
    @Res({ passthrough: true }) res: Response,
  ): string {
    const asset = Object.hasOwn(CONSOLE_ASSETS, name)
      ? CONSOLE_ASSETS[name as ConsoleAssetName]
      : undefined;
    if (!asset) throw new NotFoundException();
    // Headers that depend on the request: set on the response, the body returned.
    res.setHeader(
      'Cache-Control',
      version === asset.version ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    res.type(asset.type);
    return asset.body;
  }
}
