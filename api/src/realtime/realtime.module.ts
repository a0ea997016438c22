import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { StatusRelayService } from './status-relay.service';

@Module({ providers: [RealtimeGateway, StatusRelayService], exports: [RealtimeGateway, StatusRelayService] })
export class RealtimeModule {}
