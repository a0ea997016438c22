import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { AnalysesService } from '../analyses/analyses.service';
import { TokensService } from '../tokens/tokens.service';
import { SettingsService } from '../settings/settings.service';
import type { AuthUser } from '../common/auth';

@Injectable()
export class DashboardService {
  constructor(
    private readonly auth: AuthService,
    private readonly analyses: AnalysesService,
    private readonly tokens: TokensService,
    private readonly settings: SettingsService,
  ) {}

  async forUser(user: AuthUser) {
    const [me, analysesCount, balance, recent, system] = await Promise.all([
      this.auth.me(user.id),
      this.analyses.count(user.id),
      this.tokens.balance(user.id),
      this.analyses.list(user, { page: 1, pageSize: 5 }),
      this.settings.get('system'),
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
      // The simulator prices the selected files before sending them.
      tokensPerPage: system.tokensPerPage,
    };
  }
}
