import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from '../common/access.guard';
import { AdminSeedService } from './admin-seed.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginAttempt } from './login-attempt.entity';
import { OneTimeToken } from './one-time-token.entity';
import { OneTimeTokenService } from './one-time-token.service';
import { LoginThrottleService } from './login-throttle.service';
import { SessionCookie } from './session-cookie';
import { RefreshToken, Session } from './session.entity';
import { SessionService } from './session.service';
import { User } from './user.entity';
import { UsersService } from './users.service';

@Module({
  imports: [PassportModule, JwtModule.register({}), TypeOrmModule.forFeature([User, Session, RefreshToken, OneTimeToken, LoginAttempt])],
  controllers: [AuthController],
  providers: [
    AuthService,
    UsersService,
    SessionService,
    OneTimeTokenService,
    LoginThrottleService,
    SessionCookie,
    JwtStrategy,
    AdminSeedService,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, UsersService],
})
export class AuthModule {}
