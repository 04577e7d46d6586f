import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { UserResponseDto } from '../auth/dto/auth.dto';
import { PageQueryDto } from '../common/page-query.dto';
import { Trim } from '../common/transforms';

export class ListAdminUsersQueryDto extends PageQueryDto {
  /** Recherche sur le nom ou l'e-mail */
  @IsOptional()
  @Trim()
  @MaxLength(200, { message: 'Recherche trop longue' })
  @IsString()
  search?: string;

  @IsOptional()
  @ApiProperty({ enum: ['name', 'email', 'role', 'created_at'], required: false, default: 'created_at' })
  @IsIn(['name', 'email', 'role', 'created_at'], { message: 'Tri invalide' })
  sortBy?: 'name' | 'email' | 'role' | 'created_at' = 'created_at';

  @IsOptional()
  @ApiProperty({ enum: ['asc', 'desc'], required: false, default: 'desc' })
  @IsIn(['asc', 'desc'], { message: 'Ordre de tri invalide' })
  sortOrder?: 'asc' | 'desc' = 'desc';
}

export class AdminUserListResponseDto {
  users: UserResponseDto[];
  total: number;
}
