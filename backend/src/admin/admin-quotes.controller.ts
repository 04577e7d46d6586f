import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { QuoteListResponseDto } from '../orders/dto/orders.dto';
import { QuotesService } from '../orders/quotes.service';
import { PageQueryDto } from '../common/page-query.dto';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/quotes')
export class AdminQuotesController {
  constructor(private readonly quotes: QuotesService) {}

  /** Demandes de devis, les plus récentes d'abord. */
  @ApiKeyScope('quotes:read')
  @Get()
  listAdminQuotes(@Query() query: PageQueryDto): Promise<QuoteListResponseDto> {
    return this.quotes.list(query);
  }
}
