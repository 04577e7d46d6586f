import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { UserResponseDto } from '../auth/dto/auth.dto';
import { Trim } from '../common/transforms';

export class PageQueryDto {
  /** Page, à partir de 1 */
  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: 'La page doit être au moins 1' })
  @IsInt({ message: 'La page doit être un entier' })
  page?: number = 1;

  /** Nombre par page (100 au plus) */
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'La limite ne peut pas dépasser 100' })
  @Min(1, { message: 'La limite doit être au moins 1' })
  @IsInt({ message: 'La limite doit être un entier' })
  limit?: number = 10;
}

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
