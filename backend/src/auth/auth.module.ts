import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AuditModule } from '../audit/audit.module';
import { ACCESS_TOKEN_VERIFIER } from '../common/access-token';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { MailModule } from '../mail/mail.module';
import { AdminSeedService } from './admin-seed.service';
import { AuthAdminController } from './auth-admin.controller';
import { AuthAdminService } from './auth-admin.service';
import { AfterAnswer } from './after-answer';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { ClientViewService } from './client-view.service';
import { ClientViewsRepository } from './client-views.repository';
import { CustomerPayments } from './customer-payments';
import { JwtStrategy } from './jwt.strategy';
import { OneTimeTokenService } from './one-time-token.service';
import { LoginThrottleService } from './login-throttle.service';
import { SessionCookie } from './session-cookie';
import { SessionService } from './session.service';
import { UsersService } from './users.service';
import { UsersRepository } from './users.repository';
import { SessionsRepository } from './sessions.repository';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { LoginAttemptsRepository } from './login-attempts.repository';

@Module({
  imports: [PassportModule, JwtModule.register({}), MailModule, RateLimitModule, AuditModule],
  controllers: [AuthController, AuthAdminController],
  providers: [
    AuthService,
    CustomerPayments,
    AfterAnswer,
    UsersService,
    SessionService,
    OneTimeTokenService,
    LoginThrottleService,
    SessionCookie,
    JwtStrategy,
    // The global guard's token check (common/access.guard.ts).
    { provide: ACCESS_TOKEN_VERIFIER, useExisting: JwtStrategy },
    AdminSeedService,
    UsersRepository,
    SessionsRepository,
    OneTimeTokensRepository,
    LoginAttemptsRepository,
    ClientViewService,
    ClientViewsRepository,
    AuthAdminService,
  ],
  exports: [AuthService, UsersService, ClientViewService, ACCESS_TOKEN_VERIFIER],
})
export class AuthModule {}
