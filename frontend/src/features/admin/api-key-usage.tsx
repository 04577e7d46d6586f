import type { ApiKeyDto } from '../../api/generated/model';
import type { Column } from '../../components/ui/data-table';
import { formatNumber } from '../../lib/format';

/**
 * 'Utilisations' of the API keys' table ('Intégrations'): the requests accepted with each key. Each instance of the
 * app adds its own every minute, so a use shows within a minute or so.
 */
export const apiKeyUseCountColumn: Column<ApiKeyDto> = {
  id: 'uses',
  header: 'Utilisations',
  align: 'right',
  cell: (k) => (
    <span title="Requêtes acceptées avec cette clé (mises à jour chaque minute)">
      {k.useCount > 0 ? formatNumber(k.useCount) : 'Aucune'}
    </span>
  ),
  className: 'whitespace-nowrap tabular-nums',
};
