import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorator';
import { AGENCY } from './agency';
import { AgencyResponseDto } from './agency.dto';

@ApiTags('agency')
@Controller('agency')
export class AgencyController {
  /** Identité de l'agence et coordonnées de contact (pied de page, contact, mentions légales, CGV). */
  @Public()
  @Get()
  getAgency(): AgencyResponseDto {
    return { ...AGENCY, host: { ...AGENCY.host } };
  }
}
