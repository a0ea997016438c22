import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { PushService } from './push.service';

const INVALID = 'Inscrição de notificação inválida.';

class PushKeysDto {
  @ApiProperty() @IsString({ message: INVALID }) @MaxLength(200, { message: INVALID }) p256dh: string;
  @ApiProperty() @IsString({ message: INVALID }) @MaxLength(100, { message: INVALID }) auth: string;
}

/** What the browser's PushManager.subscribe() gives (PushSubscription.toJSON()). */
export class PushSubscriptionDto {
  @ApiProperty({ description: 'The push service URL of this browser (https).' })
  @IsString({ message: INVALID })
  @MaxLength(1000, { message: INVALID })
  @Matches(/^https:\/\//, { message: INVALID })
  endpoint: string;

  @ApiProperty({ type: PushKeysDto })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys: PushKeysDto;
}

export class PushEndpointDto {
  @ApiProperty() @IsString({ message: INVALID }) @MaxLength(1000, { message: INVALID }) endpoint: string;
}

@ApiTags('push')
@ApiBearerAuth()
@Controller('push')
@UseGuards(JwtAuthGuard)
export class PushController {
  constructor(private readonly push: PushService) {}

  /** The VAPID public key the browser subscribes with. */
  @Get('key')
  async key(): Promise<{ publicKey: string }> {
    return { publicKey: (await this.push.vapidKeys()).publicKey };
  }

  @Post('subscriptions')
  @HttpCode(204)
  async subscribe(@CurrentUser() user: AuthUser, @Body() dto: PushSubscriptionDto): Promise<void> {
    await this.push.subscribe(user.id, dto);
  }

  @Delete('subscriptions')
  @HttpCode(204)
  async unsubscribe(@CurrentUser() user: AuthUser, @Body() dto: PushEndpointDto): Promise<void> {
    await this.push.unsubscribe(user.id, dto.endpoint);
  }
}
