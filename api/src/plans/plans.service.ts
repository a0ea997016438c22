import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Plan } from './plan.entity';

@Injectable()
export class PlansService {
  constructor(@InjectRepository(Plan) private readonly plans: Repository<Plan>) {}

  listActive(): Promise<Plan[]> {
    return this.plans.find({ where: { isActive: true }, order: { sortOrder: 'ASC' } });
  }

  async get(id: string): Promise<Plan | null> {
    return this.plans.findOne({ where: { id } });
  }
}
