import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { PageQueryDto } from '../common/page-query.dto';
import { QuoteListResponseDto } from './dto/orders.dto';
import { QuotesService } from './quotes.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/quotes')
export class OrdersAdminController {
  constructor(private readonly quotes: QuotesService) {}

  /** Demandes de devis, les plus récentes d'abord. */
  @ApiKeyScope('quotes:read')
  @Get()
  listAdminQuotes(@Query() query: PageQueryDto): Promise<QuoteListResponseDto> {
    return this.quotes.list(query);
  }
}
