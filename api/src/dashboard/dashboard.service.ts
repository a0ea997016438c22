import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { AnalysesService } from '../analyses/analyses.service';
import { TokensService } from '../tokens/tokens.service';
import type { AuthUser } from '../auth/auth-user';

@Injectable()
export class DashboardService {
  constructor(
    private readonly auth: AuthService,
    private readonly analyses: AnalysesService,
    private readonly tokens: TokensService,
  ) {}

  async forUser(user: AuthUser) {
    const [me, analysesCount, balance, recent] = await Promise.all([
      this.auth.me(user.id),
      this.analyses.count(user.id),
      this.tokens.balance(user.id),
      this.analyses.list(user, { page: 1, pageSize: 5 }),
    ]);
    return {
      user: me,
      analysesCount,
      tokens: balance.tokens,
      tokensPlan: balance.tokensPlan,
      creditTokens: balance.creditTokens,
      planId: balance.planId,
      planName: balance.planName,
      planExpiresAt: balance.planExpiresAt,
      recentAnalyses: recent.items,
    };
  }
}
