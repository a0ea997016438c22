import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { PushController } from './push.controller';
import { PushService } from './push.service';

/** Browser notifications when an analysis ends (Web Push while no tab is open). */
@Module({ imports: [RealtimeModule], controllers: [PushController], providers: [PushService], exports: [PushService] })
export class PushModule {}
