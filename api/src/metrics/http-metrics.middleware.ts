import type { NextFunction, Request, Response } from 'express';
import type { MetricsService } from './metrics.service';

/** Labels by route pattern (`/api/analyses/:id`), never by raw URL, to keep the series bounded. */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
