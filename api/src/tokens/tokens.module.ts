import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokenTransaction } from './token-transaction.entity';
import { TokensService } from './tokens.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([TokenTransaction])],
  providers: [TokensService],
  exports: [TokensService],
})
export class TokensModule {}
