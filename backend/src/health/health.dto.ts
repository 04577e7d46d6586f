import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
  @ApiProperty({ enum: ['up'] })
  database: 'up';
}

export class LivenessResponseDto {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
}

export class ReadinessResponseDto {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
  @ApiProperty({ enum: ['up'] })
  database: 'up';
  /** Every migration this version knows is applied to the database */
  @ApiProperty({ enum: ['done'] })
  migrations: 'done';
}
