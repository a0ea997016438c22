import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditEntry } from './audit-entry.entity';

/** Who did what to which thing, for the admin actions that change how the product behaves. */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  async record(userId: string | null, action: string, target: string, details: Record<string, unknown> = {}): Promise<void> {
    // Raw SQL: TypeORM's insert typing cannot express a jsonb column holding an object.
    await this.entries.query(`INSERT INTO audit_log (user_id, action, target, details) VALUES ($1, $2, $3, $4)`, [
      userId,
      action,
      target,
      JSON.stringify(details),
    ]);
  }

  list(limit = 100): Promise<AuditEntry[]> {
    return this.entries.find({ order: { id: 'DESC' }, take: limit });
  }
}
