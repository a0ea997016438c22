import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { Order } from './order.entity';
import { TokenPack } from './token-pack.entity';
import { OrdersService } from './orders.service';
import { OrdersRepository } from './orders.repository';
import { MercadoPagoCredentialsService, MercadoPagoProvider } from './mercadopago.provider';
import { PAYMENT_PROVIDER } from './payment-provider';
import { AdminOrdersController, PaymentsController } from './payments.controller';
import { ClockService } from './clock.service';
import { SubscriptionsService } from './subscriptions.service';
import { AdminSubscriptionsController, SubscriptionController } from './subscriptions.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Order, TokenPack]), AuthModule, RealtimeModule],
  controllers: [PaymentsController, AdminOrdersController, SubscriptionController, AdminSubscriptionsController],
  providers: [OrdersService, OrdersRepository, SubscriptionsService, ClockService, MercadoPagoCredentialsService, { provide: PAYMENT_PROVIDER, useClass: MercadoPagoProvider }],
  exports: [OrdersService, SubscriptionsService, ClockService],
})
export class PaymentsModule {}
