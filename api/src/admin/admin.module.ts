import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { AdminCreditsController, AdminDashboardController, AdminPlansController, AdminUsersController } from './admin.controllers';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminUsersService } from './admin-users.service';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminPlansService } from './admin-plans.service';
import { AdminCreditsService } from './admin-credits.service';

/**
 * Back office I: dashboard figures, users, plans and the credits ledger. Raw SQL over tables other
 * modules own (users, plans, token_transactions, tickets, orders); balance changes go through
 * TokensService or write their ledger row in the same transaction. Audit, mail, settings, storage and
 * tokens come from global modules.
 */
@Module({
  imports: [RealtimeModule],
  controllers: [AdminDashboardController, AdminUsersController, AdminPlansController, AdminCreditsController],
  providers: [AdminDashboardService, AdminUsersService, AdminUsersRepository, AdminPlansService, AdminCreditsService],
})
export class AdminModule {}
