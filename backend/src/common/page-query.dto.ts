import { LimitField, PageField } from './fields';

export { PAGE_MAX } from './fields';

/** `?page=&limit=` of every paged list. */
export class PageQueryDto {
  /** Page, à partir de 1 */
  @PageField()
  page?: number = 1;

  /** Nombre par page (100 au plus) */
  @LimitField(10)
  limit?: number = 10;
}
