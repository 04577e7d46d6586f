import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorator';
import { AgencyResponseDto } from './agency.dto';
import { AgencySettingsService } from './agency-settings.service';

@ApiTags('agency')
@Controller('agency')
export class AgencyController {
  constructor(private readonly settings: AgencySettingsService) {}

  /** Identité de l'agence et coordonnées de contact (pied de page, contact, mentions légales, CGV), telles que l'administrateur les a enregistrées. */
  @Public()
  @Get()
  getAgency(): Promise<AgencyResponseDto> {
    return this.settings.identity();
  }
}
