import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The last page a list can be asked for: beyond it an offset would not fit PostgreSQL's integers (400, not 500). */
export const PAGE_MAX = 1_000_000;

/** `?page=&limit=` of every paged list. */
export class PageQueryDto {
  /** Page, à partir de 1 */
  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: 'La page doit être au moins 1' })
  @Max(PAGE_MAX, { message: 'La page ne peut pas dépasser 1 000 000' })
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
