import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { Body, Controller, Get, Ip, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorator';
import { CatalogueService } from './catalogue.service';
import { CatalogueResponseDto, CreateQuoteDto, QuoteCreatedResponseDto } from './dto/orders.dto';
import { QuotesService } from './quotes.service';

@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly quotes: QuotesService,
  ) {}

  /** Formules, options et prix (en centimes). */
  @Public()
  @Get('catalogue')
  getCatalogue(): CatalogueResponseDto {
    return this.catalogue.get();
  }

  /** Demande de devis pour une formule sur mesure ; l'équipe rappelle sous 24h. */
  @Public()
  @Post('quotes')
  @RateLimited('Trop de demandes depuis cette adresse ou pour cet e-mail')
  createQuote(@Body() dto: CreateQuoteDto, @Ip() ip: string): Promise<QuoteCreatedResponseDto> {
    return this.quotes.create(dto, ip);
  }
}
