import { HttpStatus, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { API_TOKEN_PREFIX } from '@cda/shared';
import { API_TOKEN_ROUTE_CLOSED, bearerToken } from '../common/auth';

/** The only paths a personal API token is ever presented to. */
const TOKEN_PATHS = ['/api/analyses'];

/**
 * The outer fence: a request carrying a personal API token outside the batch API is refused before
 * any route runs, public ones included (payments' configuration, the payment webhook, sign-up…).
 * The guard's per-route scopes (AllowApiToken) are the inner one.
 */
@Injectable()
export class ApiTokenFenceMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    if (!bearerToken(req.headers).startsWith(API_TOKEN_PREFIX)) return next();
    const path = req.originalUrl.split('?')[0];
    if (TOKEN_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) return next();
    res.status(HttpStatus.FORBIDDEN).json({ statusCode: 403, message: API_TOKEN_ROUTE_CLOSED, code: 'API_TOKEN_ROUTE_CLOSED' });
  }
}
